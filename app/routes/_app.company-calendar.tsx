import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PagePlaceholder } from "~/components/page-placeholder";
import { pageTitle } from "~/lib/meta";
import { requireUser } from "~/utils/auth.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.companyCalendar");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return <PagePlaceholder titleKey="nav.companyCalendar" />;
}
