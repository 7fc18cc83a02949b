import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAuditFilters } from "~/lib/audit-filters";
import { apiAuditPagingSchema } from "~/lib/schemas/api";
import { AUDIT_PAGE_SIZE, searchAudit, serializeAuditEntry } from "~/models/audit.server";
import { handleApi, noStore, parseQuery, requireApiUser } from "~/utils/api.server";
import { AppError } from "~/utils/errors.server";
import { onlyMethods } from "~/utils/http.server";

/** GET /api/audit/search (spec section 7): offset, limit (20), action, user_id, date_from, date_to, company_id. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const { filters, invalid } = readAuditFilters(new URL(request.url).searchParams);
    if (Object.keys(invalid).length) throw new AppError(400, "validation_failed", Object.values(invalid)[0], { fields: invalid });
    const paging = parseQuery(request, apiAuditPagingSchema);
    const page = await searchAudit(viewer, filters, { offset: paging.offset ?? 0, limit: paging.limit ?? AUDIT_PAGE_SIZE });
    return Response.json({ items: page.items.map(serializeAuditEntry), total: page.total, offset: page.offset, limit: page.limit }, { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
