import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { countPendingApprovals } from "~/models/approval.server";
import { requireUser } from "~/utils/auth.server";
import { isAdmin } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, companyId } = await requireUser(request);
  const admin = isAdmin(user);
  return {
    shell: {
      displayName: user.fullName || user.name || user.email,
      companyName: user.company.name,
      isAdmin: admin,
      isMaster: user.isMaster,
      pendingApprovals: admin ? await countPendingApprovals(companyId, user) : 0,
    },
  };
}

export default function ProtectedArea() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <AppShell shell={shell}>
      <Outlet />
    </AppShell>
  );
}
