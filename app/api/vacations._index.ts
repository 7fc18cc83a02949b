import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiCreateVacationSchema } from "~/lib/schemas/api";
import { categoryUnits, createVacation, searchVacations, serializeVacation } from "~/models/vacation.server";
import { handleApi, noStore, parseBody, parseVacationQuery, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";
import { withIdempotency } from "~/utils/idempotency.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { RULE_FINDING_PREFIX } from "~/lib/leave-rules";

// GET /api/vacations: the caller's own vacations as a paged list { items, total, offset, limit }.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    // Always the caller's own list, whatever user_id says.
    const [page, units] = await Promise.all([searchVacations(viewer, { ...parseVacationQuery(request, viewer, 10), userId: viewer.userId }), categoryUnits(viewer)]);
    return Response.json({ ...page, items: page.items.map((v) => serializeVacation(v, undefined, { unit: units.get(v.categoryId) ?? "day" })) }, { headers: noStore });
  });
}

// POST /api/vacations: a new request of the caller, pending (approved at once when nobody else could review it).
// An `Idempotency-Key` header makes a retry answer the first attempt's result (decision 0033).
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    return withIdempotency(request, viewer, async () => {
      const input = await parseBody(request, apiCreateVacationSchema);
      const { vacation, workingDays, amount, ruleWarnings } = await createVacation(viewer, input);
      const answer = serializeVacation(vacation, workingDays, amount);
      if (ruleWarnings.length === 0) return Response.json(answer, { status: 201 });
      const t = getT(await getLanguage(request));
      const warnings = ruleWarnings.map((warning) => ({ code: warning.key.replace(RULE_FINDING_PREFIX, ""), detail: t(warning.key, warning.params) }));
      return Response.json({ ...answer, rule_warnings: warnings }, { status: 201 });
    });
  });
}
