import type { ActionFunctionArgs } from "@remix-run/node";
import { apiAllowanceUpsertSchema } from "~/lib/schemas/api";
import { serializeAllowance, upsertAllowance } from "~/models/allowance.server";
import { handleApi, parseBody, requireApiAdmin } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiAdmin(request);
    const body = await parseBody(request, apiAllowanceUpsertSchema);
    const saved = await upsertAllowance(viewer, {
      userId: body.userId,
      year: body.year,
      yearly: body.yearlyAllowance,
      residual: body.residualAllowance,
      specialLeave: body.specialLeaveAllowance,
    });
    return Response.json(serializeAllowance(saved));
  });
}

// Acts only.
export const loader = onlyMethods("POST");
