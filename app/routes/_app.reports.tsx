import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PagePlaceholder } from "~/components/page-placeholder";
import { pageTitle } from "~/lib/meta";
import { requireAdminUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.reports");

export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    await requireAdminUser(request);
    return null;
  });
}

export default function Page() {
  return <PagePlaceholder titleKey="nav.reports" />;
}
