import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PagePlaceholder } from "~/components/page-placeholder";
import { pageTitle } from "~/lib/meta";
import { requireMasterUser } from "~/utils/auth.server";
import { pageLoader } from "~/utils/form-errors.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.audit");

export const loader = pageLoader(async ({ request }: LoaderFunctionArgs) => {
  await requireMasterUser(request);
  return null;
});

export default function Page() {
  return <PagePlaceholder titleKey="nav.audit" />;
}
