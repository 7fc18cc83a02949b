// npm run jobs:auto-approve — runs the auto-approval once (the server also runs it every 10 min).
import { runAutoApproval } from "../app/models/auto-approval.server";
import { getDb } from "../app/utils/db.server";
import { settleMail } from "../app/utils/mail.server";

const approved = await runAutoApproval();
console.log(approved.length ? `Auto-approved: ${approved.join(", ")}` : "Nothing to auto-approve.");
await settleMail();
await getDb().$disconnect();
