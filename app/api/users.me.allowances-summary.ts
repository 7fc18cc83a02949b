import type { LoaderFunctionArgs } from "@remix-run/node";
import type { BalanceKind } from "~/lib/balance-kinds";
import { apiYearSchema } from "~/lib/schemas/api";
import { ownBalances } from "~/models/report.server";
import { handleApi, noStore, parseQuery, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";
import { currentLeaveYear } from "~/models/balance.server";

// Spec shape: { ok, user_id, year, yearly_allowance, residual, special_leave } each { total, used, remaining }
// (plus pending, which the spec does not name but the screens show, and unit: day | hour).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const year = parseQuery(request, apiYearSchema).year ?? currentLeaveYear(viewer);
    const mine = await ownBalances(viewer, year);
    // Every kind names its unit, "day" too, so a client never has to guess (decision 0081).
    const figures = (kind: BalanceKind) => ({ ...mine[kind], unit: mine[kind].unit ?? "day" });
    return Response.json(
      { ok: true, user_id: viewer.userId, year, yearly_allowance: figures("yearly"), residual: figures("residual"), special_leave: figures("special") },
      { headers: noStore },
    );
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
