import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { categoryName } from "~/components/absence-category-name";
import { ActionNotice } from "~/components/action-notice";
import { StatusBadge } from "~/components/status-badge";
import { overdueFrom } from "~/lib/certificates";
import { formatDate, formatDateRange } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { certificateOverview } from "~/models/certificate.server";
import { uploadCertificateFromForm } from "~/models/certificate-upload.server";
import { requireUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "sickness.page.title");

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const overview = await certificateOverview(viewer, params.id ?? "");
    return { ...overview, uploaded: new URL(request.url).searchParams.get("uploaded") === "1" };
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    const id = params.id ?? "";
    const refusal = await uploadCertificateFromForm(viewer, id, request);
    if (refusal) return data({ notice: { tone: "error" as const, key: refusal.message, values: refusal.params } }, { status: refusal.status });
    // After a POST, a GET: a reload does not upload the file again.
    return redirect(`/vacations/${encodeURIComponent(id)}/certificate?uploaded=1`);
  });
}

export default function CertificatePage() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { absence } = data;
  const stateText =
    data.state === "overdue" && data.dueDate
      ? t("sickness.page.states.overdue", { date: formatDate(overdueFrom(data.dueDate), i18n.language) })
      : data.state === "due" || data.state === "asked"
        ? t(`sickness.page.states.${data.state}`, { date: data.dueDate ? formatDate(data.dueDate, i18n.language) : "" })
        : t(`sickness.page.states.${data.state}`);
  return (
    <div className="certificate-page">
      <header className="page-header">
        <p>
          <Link to="/vacations">← {t("sickness.page.back")}</Link>
        </p>
        <h1 className="page__title">{t("sickness.page.title")}</h1>
      </header>
      {data.uploaded && !actionData ? (
        <p className="notice notice--success" role="status">
          {t("sickness.page.uploaded")}
        </p>
      ) : null}
      <ActionNotice notice={actionData && "notice" in actionData ? actionData.notice : null} />
      <section className="card" aria-labelledby="absence-heading">
        <h2 id="absence-heading" className="card__title">
          {t("sickness.page.absence")}
        </h2>
        <dl className="details-list">
          <dt>{t("sickness.page.person")}</dt>
          <dd>{absence.person}</dd>
          <dt>{t("sickness.page.dates")}</dt>
          <dd>{formatDateRange(absence.startDate, absence.endDate, i18n.language)}</dd>
          <dt>{t("sickness.page.type")}</dt>
          <dd>
            {categoryName(t, { id: absence.categoryId, name: absence.categoryName }, absence.categoryId)} <StatusBadge status={absence.status} />
          </dd>
          <dt>{t("sickness.page.state")}</dt>
          <dd>
            <strong className={data.state === "overdue" ? "text-danger" : undefined} data-testid="certificate-state">
              {stateText}
            </strong>
          </dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="files-heading">
        <h2 id="files-heading" className="card__title">
          {t("sickness.page.files")}
        </h2>
        <p className="muted">{t("sickness.page.privacy")}</p>
        {data.files.length ? (
          <ul className="certificate-files">
            {data.files.map((file) => (
              <li key={file.id}>
                {/* A resource route: the browser downloads it (Content-Disposition: attachment). */}
                <a href={`/certificates/${file.id}`} download>
                  {t("sickness.page.download", { name: file.name })}
                </a>{" "}
                <span className="muted">
                  ({Math.max(1, Math.round(file.size / 1024))} kB, {t("sickness.page.uploadedOn", { date: formatDate(file.uploadedOn, i18n.language) })})
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("sickness.page.noFiles")}</p>
        )}
        {data.canUpload ? (
          // Keyed by the files kept: after an upload the form starts empty again, with JavaScript too.
          <Form key={data.files.length} method="post" encType="multipart/form-data" className="certificate-upload" aria-labelledby="upload-heading">
            <h3 id="upload-heading">{t("sickness.page.uploadTitle")}</h3>
            <label className="field">
              <span>{t("sickness.page.fileLabel")}</span>
              <input type="file" name="file" accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png" required />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t("sickness.page.uploading") : t("sickness.page.upload")}
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
