// npm run jobs:certificates — sends the overdue-certificate reminders once (the server also runs it every hour).
import { runCertificateReminders } from "../app/models/certificate.server";
import { getDb } from "../app/utils/db.server";
import { settleMail } from "../app/utils/mail.server";

const sent = await runCertificateReminders();
console.log(sent ? `Certificate reminders sent: ${sent}` : "No certificate overdue.");
await settleMail();
await getDb().$disconnect();
