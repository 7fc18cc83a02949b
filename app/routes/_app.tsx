import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { displayName } from "~/lib/people";
import { countPendingApprovals } from "~/models/approval.server";
import { trialBannerFor } from "~/models/trial-banner.server";
import { renderTrialBanner } from "~/components/trial-banner.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { requireUser } from "~/utils/auth.server";
import { canReadAudit, isAdmin } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  const admin = isAdmin(viewer);
  const [pendingApprovals, banner, language] = await Promise.all([admin ? countPendingApprovals(viewer) : 0, trialBannerFor(viewer, request), getLanguage(request)]);
  const url = new URL(request.url);
  url.searchParams.delete("session_id");
  const trialBanner = banner && renderTrialBanner({ banner, t: getT(language), language, here: url.pathname + url.search });
  return {
    shell: {
      displayName: displayName(viewer.user),
      companyName: viewer.user.company.name,
      isAdmin: admin,
      seesAudit: canReadAudit(viewer),
      pendingApprovals,
      trialBanner,
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
