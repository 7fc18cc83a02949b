import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/lib/csv";
import { holidayCsvTemplate } from "~/lib/holiday-csv";
import { requireUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";

// The CSV template of the Bank holidays page's import (spec section 5): the preferred header and
// two example rows, UTF-8 with a byte order mark so spreadsheets keep the accents.
export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    await requireUser(request);
    return csvResponse("holidays-template.csv", holidayCsvTemplate());
  });
}
