// GET /people/:userId/summary — the company calendar's person panel: who someone is and, for
// those who may see them, their allowances (getPersonOverview), as JSON for a plain fetch.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readYear } from "~/lib/year-param";
import { getPersonOverview } from "~/models/person-overview.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { currentLeaveYear } from "~/models/balance.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const year = readYear(new URL(request.url).searchParams.get("year"), currentLeaveYear(viewer));
    const { person, detailed, canExplainBalances, balances, hasAllowance } = await getPersonOverview(viewer, params.userId ?? "", year);
    return Response.json({ year, person, detailed, canExplainBalances, balances, hasAllowance }, { headers: noStore });
  });
}
