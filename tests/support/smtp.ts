// A real SMTP server on a loopback port: the app's nodemailer talks the real protocol to it.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
}

/** `delayMs`: each message is accepted only after that long, like a slow mail server. */
export async function startSmtpServer(options: { delayMs?: number } = {}) {
  const inbox: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: parsed.headers,
          });
          waiters.splice(0).forEach((wake) => wake());
          if (options.delayMs) setTimeout(() => callback(), options.delayMs);
          else callback();
        })
        .catch(callback);
    },
  });
  // A client killed mid-conversation (a test's SIGKILLed server) resets its connection: a mail
  // server shrugs that off. Anything else still fails the test file.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  /** The first mail to `address` (matching `subject` when given), waiting up to 5 s for it. */
  async function waitForMail(address: string, subject?: RegExp): Promise<ReceivedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = inbox.find((m) => m.to.includes(address) && (!subject || subject.test(m.subject)));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${address} within 5 s; inbox: ${inbox.map((m) => `${m.to} ${m.subject}`).join("; ")}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with the given path. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s]*`));
  if (!match) throw new Error(`No ${pathPrefix} link in: ${mail.text}`);
  return new URL(match[0]);
}

/** The SMTP server the integration setup started for this test file. */
export function testSmtp(): Awaited<ReturnType<typeof startSmtpServer>> {
  const smtp = (globalThis as { __smtp?: Awaited<ReturnType<typeof startSmtpServer>> }).__smtp;
  if (!smtp) throw new Error("The integration setup did not start the SMTP server.");
  return smtp;
}
