import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPendingApprovals } from "~/models/approval.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const { user, companyId } = await requireApiUser(request);
    const items = await listPendingApprovals(companyId, user);
    return Response.json(
      items.map((v) => ({
        id: v.id,
        user_id: v.userId,
        start_date: v.startDate,
        end_date: v.endDate,
        status: v.status,
        description: v.description,
        absence_category_id: v.categoryId,
        created_at: v.createdAt.toISOString(),
      })),
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
