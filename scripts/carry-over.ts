// npm run jobs:carry-over — runs the carry-over job once (the server also runs it every hour):
// carries each company's last year into this year's residual if not done yet, and sends the
// expiry reminders that are due.
import { runCarryOver } from "../app/models/carry-over.server";
import { getDb } from "../app/utils/db.server";
import { settleMail } from "../app/utils/mail.server";

const { applied, reminded } = await runCarryOver();
for (const run of applied) console.log(`Carried ${run.days} day(s) of ${run.fromYear} for ${run.people} person(s) of company ${run.companyId}.`);
if (applied.length === 0) console.log("Nothing to carry over.");
console.log(`Expiry reminders sent: ${reminded.length}.`);
await settleMail();
await getDb().$disconnect();
