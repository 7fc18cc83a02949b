import type { LoaderFunctionArgs } from "@remix-run/node";
import { countPendingChanges, listPendingApprovals, pendingApprovalsTag } from "~/models/approval.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { etagMatches, notModified, revalidateHeaders } from "~/utils/conditional.server";
import { onlyMethods } from "~/utils/http.server";

// Polled every second by the navigation badge: answered 304 while nothing in the viewer's scope changed.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    // The tag is read before the list: a write in between gives a newer list under the older tag,
    // so the next poll fetches again (never an old list under a new tag).
    const etag = await pendingApprovalsTag(viewer);
    if (etagMatches(request, etag)) return notModified(etag);
    const [items, changes] = await Promise.all([listPendingApprovals(viewer), countPendingChanges(viewer)]);
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
      // The changes of approved absences waiting too (decision 0093): the badge counts them beside the requests.
      { headers: { ...revalidateHeaders(etag), "X-Pending-Changes": String(changes) } },
    );
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
