import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PagePlaceholder } from "~/components/page-placeholder";
import { pageTitle } from "~/lib/meta";
import { requireAdminPage } from "~/utils/route-guards.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.approvals");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return null;
}

export default function Page() {
  return <PagePlaceholder titleKey="nav.approvals" />;
}
