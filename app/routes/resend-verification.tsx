import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { sendVerificationEmail } from "~/models/company.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { clientIp, consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/http.server";

export function loader() {
  return redirect("/login");
}

// Same redirect whatever the e-mail, so this cannot be used to learn who has an account.
export async function action({ request }: ActionFunctionArgs) {
  const email = String((await readFormData(request)).get("email") ?? "").trim().toLowerCase();
  try {
    await consumeLimit(LIMITS.resetPerIp, clientIp(request));
    await consumeLimit(LIMITS.resetPerEmail, `verify:${email}`);
  } catch (error) {
    if (error instanceof AppError) return redirect("/login?checkEmail=1");
    throw error;
  }
  const user = await getDb().user.findUnique({ where: { email }, select: { id: true, emailVerifiedAt: true } });
  if (user && !user.emailVerifiedAt) await sendVerificationEmail(user.id);
  return redirect("/login?checkEmail=1");
}
