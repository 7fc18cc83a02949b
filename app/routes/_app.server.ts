// The signed-in area's layout, its server half (decision 0108): the shell's loader.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { displayName } from "~/lib/people";
import { countAwaitingDecision } from "~/models/approval.server";
import { trialBannerFor } from "~/models/trial-banner.server";
import { requireUser } from "~/utils/auth.server";
import { canReadAudit, isAdmin } from "~/utils/permissions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser({ request, context });
  const admin = isAdmin(viewer);
  const [pendingApprovals, trialBanner] = await Promise.all([admin ? countAwaitingDecision(viewer) : 0, trialBannerFor(viewer, request)]);
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
