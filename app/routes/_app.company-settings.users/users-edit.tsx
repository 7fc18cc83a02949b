// One person's edit view of the Users tab (/company-settings/users?edit=<id>&year=Y): profile (name, photo,
// role, team, work country and region) and allowances of a year. A page section rather than a
// dialog, so it works the same with and without JavaScript.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { Avatar } from "~/components/avatar";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatDays } from "~/lib/format";
import { leaveYearLabel } from "~/lib/leave-year";
import { allowanceSchemaFor, NO_TEAM, personSchema, PHOTO_TYPES } from "~/lib/schemas/people";
import { ExitExportLinks } from "~/components/exit-export-links";
import { ScheduleText } from "~/components/schedule-text";
import { historyRows, ScheduleEditorFields, ScheduleHistory } from "~/components/work-schedule-editor";
import { editorDefaults, employmentSchema, personScheduleSchema } from "~/lib/schemas/work-schedules";
import { tabPath } from "../_app.company-settings/tabs";
import { allowanceLabel, anyHours, resultFor, useUsersReply, USERS_URL, type UsersEditData } from "./users-reply";

export function UserEdit({ data }: { data: UsersEditData }) {
  const { t } = useTranslation();
  const { reply } = useUsersReply();
  const { person } = data;
  return (
    <>
      <p>
        <Link to={`${USERS_URL}?year=${data.year}`}>← {t("people.edit.back")}</Link>
      </p>
      <div className="people-edit__header">
        <Avatar name={person.displayName} photo={person.profilePicture} size="large" />
        <h2 className="people-edit__title">{t("people.edit.title", { name: person.displayName })}</h2>
      </div>
      <ActionNotice notice={reply?.notice} />
      <div className="settings-grid settings-grid--halves">
        {/* Remounted when the saved person changes, so the fields show what is now stored. */}
        <ProfileForm key={`${person.fullName}|${person.role}|${person.teamId}|${person.countryCode}|${person.region}|${person.profilePicture?.length}`} data={data} />
        <div className="stack">
          <AllowanceForm key={`${data.year}|${JSON.stringify(person.allowance)}`} data={data} />
          <EmploymentForm key={`${person.firstDay}|${person.lastDay}`} data={data} />
          <ExitExportLinks userId={person.id} heading="h3" />
        </div>
      </div>
      <PersonSchedule key={JSON.stringify(data.schedules.own)} data={data} />
    </>
  );
}

function ProfileForm({ data }: { data: UsersEditData }) {
  const { t } = useTranslation();
  const { reply, busy } = useUsersReply();
  const { person, teams } = data;
  const [form, fields] = useForm({
    lastResult: resultFor(reply, "users.update"),
    defaultValue: {
      fullName: person.fullName ?? person.name ?? "",
      role: person.role,
      teamId: person.teamId ?? NO_TEAM,
      countryCode: person.countryCode ?? "",
      region: person.region ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h3 id="profile-heading" className="card__title">
        {t("people.edit.profile")}
      </h3>
      <FormError errors={form.errors} />
      <Form method="post" encType="multipart/form-data" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="users.update" />
        <input type="hidden" name="userId" value={person.id} />
        <label className="field">
          <span>{t("people.edit.name")}</span>
          <input {...getInputProps(fields.fullName, { type: "text" })} key={fields.fullName.key} autoComplete="off" />
          <FieldError errors={fields.fullName.errors} id={fields.fullName.errorId} />
        </label>
        <label className="field">
          <span>{t("people.edit.photo")}</span>
          <small className="field__hint">{t("people.edit.photoHint")}</small>
          <input {...getInputProps(fields.photo, { type: "file" })} key={fields.photo.key} accept={PHOTO_TYPES.join(",")} />
          <FieldError errors={fields.photo.errors} id={fields.photo.errorId} />
        </label>
        {person.profilePicture ? (
          <label className="people-check">
            <input {...getInputProps(fields.removePhoto, { type: "checkbox" })} key={fields.removePhoto.key} /> {t("people.edit.removePhoto")}
          </label>
        ) : null}
        {person.roles ? (
          <label className="field">
            <span>{t("people.edit.role")}</span>
            <select {...getSelectProps(fields.role)} key={fields.role.key}>
              {person.roles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
            <FieldError errors={fields.role.errors} id={fields.role.errorId} />
          </label>
        ) : (
          <div className="field">
            <span>{t("people.edit.role")}</span>
            <p className="people-edit__fixed">
              {t(`roles.${person.role}`, { defaultValue: person.role })} <small className="field__hint">{t("people.edit.roleLocked")}</small>
            </p>
          </div>
        )}
        <label className="field">
          <span>{t("people.edit.team")}</span>
          <select {...getSelectProps(fields.teamId)} key={fields.teamId.key}>
            <option value={NO_TEAM}>{t("people.edit.noTeam")}</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
          <FieldError errors={fields.teamId.errors} id={fields.teamId.errorId} />
        </label>
        <div className="people-place">
          <label className="field">
            <span>{t("people.edit.country")}</span>
            <small className="field__hint">{t("people.edit.countryHint")}</small>
            <input {...getInputProps(fields.countryCode, { type: "text" })} key={fields.countryCode.key} maxLength={2} autoCapitalize="characters" autoComplete="off" className="people-place__code" />
            <FieldError errors={fields.countryCode.errors} id={fields.countryCode.errorId} />
          </label>
          <label className="field">
            <span>{t("people.edit.region")}</span>
            <small className="field__hint">{t("people.edit.regionHint")}</small>
            <input {...getInputProps(fields.region, { type: "text" })} key={fields.region.key} maxLength={10} autoCapitalize="characters" autoComplete="off" className="people-place__code" />
            <FieldError errors={fields.region.errors} id={fields.region.errorId} />
          </label>
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("people.edit.save")}
        </button>
      </Form>
    </section>
  );
}

function AllowanceForm({ data }: { data: UsersEditData }) {
  const { t, i18n } = useTranslation();
  const { reply, busy } = useUsersReply();
  const { person, year } = data;
  const label = (other: number) => leaveYearLabel(other, data.leaveYear.startMonth);
  const value = (days: number | undefined) => (days === undefined ? "" : String(days));
  const [form, fields] = useForm({
    lastResult: resultFor(reply, "users.allowances"),
    defaultValue: {
      yearly: value(person.allowance?.yearly),
      residual: value(person.allowance?.residual ?? 0),
      specialLeave: value(person.allowance?.specialLeave ?? 0),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: allowanceSchemaFor(data.units) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const yearLink = (other: number) => `${USERS_URL}?edit=${encodeURIComponent(person.id)}&year=${other}`;
  const number = (field: typeof fields.yearly, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input {...getInputProps(field, { type: "text" })} key={field.key} inputMode="decimal" autoComplete="off" />
      <FieldError errors={field.errors} id={field.errorId} />
    </label>
  );
  return (
    <section className="card" aria-labelledby="allowances-heading">
      <h3 id="allowances-heading" className="card__title">
        {t("people.allowances.title", { year: label(year) })}
      </h3>
      <nav className="people-years" aria-label={t("people.allowances.years")}>
        {year > 2000 ? (
          <Link className="button button--small" to={yearLink(year - 1)} aria-label={t("people.allowances.previousYear", { year: label(year - 1) })}>
            ← {label(year - 1)}
          </Link>
        ) : null}
        {year < 2100 ? (
          <Link className="button button--small" to={yearLink(year + 1)} aria-label={t("people.allowances.nextYear", { year: label(year + 1) })}>
            {label(year + 1)} →
          </Link>
        ) : null}
      </nav>
      {person.allowance ? null : <p className="notice notice--info">{t("people.allowances.notSet", { year: label(year) })}</p>}
      <FormError errors={form.errors} />
      <Form method="post" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="users.allowances" />
        <input type="hidden" name="userId" value={person.id} />
        <input type="hidden" name="year" value={year} />
        <div className="people-allowance-row">
          {number(fields.yearly, allowanceLabel(t, "yearly", data.units))}
          {number(fields.residual, allowanceLabel(t, "residual", data.units))}
          {number(fields.specialLeave, allowanceLabel(t, "specialLeave", data.units))}
        </div>
        <p className="field__hint">
          {t("people.allowances.hint")}
          {anyHours(data.units) ? ` ${t("hours.allowances.hint")}` : null}
        </p>
        <FieldError errors={fields.year.errors} id={fields.year.errorId} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("people.allowances.save")}
        </button>
      </Form>
      <p>
        <Link to={`/balances/${encodeURIComponent(person.id)}?year=${year}`}>{t("people.allowances.balance", { year: label(year) })}</Link>
      </p>
      {person.allowances.length ? (
        <>
          <h4 className="details__heading">{t("people.allowances.history")}</h4>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("people.bulk.year")}</th>
                  <th scope="col" className="absence-table__number">
                    {t("people.allowances.yearly")}
                  </th>
                  <th scope="col" className="absence-table__number">
                    {t("people.allowances.residual")}
                  </th>
                  <th scope="col" className="absence-table__number">
                    {t("people.allowances.specialLeave")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {person.allowances.map((row) => (
                  <tr key={row.year} aria-current={row.year === year ? "true" : undefined}>
                    <td>
                      <Link to={yearLink(row.year)}>{label(row.year)}</Link>
                    </td>
                    <td className="absence-table__number">{formatDays(row.yearly, i18n.language)}</td>
                    <td className="absence-table__number">{formatDays(row.residual, i18n.language)}</td>
                    <td className="absence-table__number">{formatDays(row.specialLeave, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

function EmploymentForm({ data }: { data: UsersEditData }) {
  const { t } = useTranslation();
  const { reply, busy } = useUsersReply();
  const { person } = data;
  const [form, fields] = useForm({
    lastResult: resultFor(reply, "users.employment"),
    defaultValue: { firstDay: person.firstDay ?? "", lastDay: person.lastDay ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: employmentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card" aria-labelledby="employment-heading">
      <h3 id="employment-heading" className="card__title">
        {t("workSchedules.employment.title")}
      </h3>
      <p className="field__hint">{t("workSchedules.employment.intro")}</p>
      <FormError errors={form.errors} />
      <Form method="post" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="users.employment" />
        <input type="hidden" name="userId" value={person.id} />
        <div className="people-place">
          <label className="field">
            <span>{t("workSchedules.employment.firstDay")}</span>
            <input {...getInputProps(fields.firstDay, { type: "date" })} key={fields.firstDay.key} />
            <FieldError errors={fields.firstDay.errors} id={fields.firstDay.errorId} />
          </label>
          <label className="field">
            <span>{t("workSchedules.employment.lastDay")}</span>
            <input {...getInputProps(fields.lastDay, { type: "date" })} key={fields.lastDay.key} />
            <FieldError errors={fields.lastDay.errors} id={fields.lastDay.errorId} />
          </label>
        </div>
        <p className="field__hint">{t("workSchedules.employment.hint")}</p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("workSchedules.employment.save")}
        </button>
      </Form>
    </section>
  );
}

/** The schedule in force, the person's own rows (or that they follow the company default) and a new row from a date. */
function PersonSchedule({ data }: { data: UsersEditData }) {
  const { t } = useTranslation();
  const { reply, busy } = useUsersReply();
  const { own } = data.schedules;
  const [form, fields] = useForm({
    lastResult: resultFor(reply, "users.schedule", "workSchedules.saved"),
    defaultValue: editorDefaults(data.scheduleInForce, data.today),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personScheduleSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card" aria-labelledby="schedule-heading" data-testid="person-schedule">
      <h3 id="schedule-heading" className="card__title">
        {t("workSchedules.person.title")}
      </h3>
      <p>
        <strong>{t("workSchedules.person.inForce")}</strong> <ScheduleText schedule={data.scheduleInForce} />
      </p>
      {own.length === 0 ? (
        <p className="notice notice--info">
          {t("workSchedules.person.followsDefault")} <Link to={tabPath("work-schedules")}>{t("workSchedules.person.defaultLink")}</Link>
        </p>
      ) : (
        <ScheduleHistory
          rows={historyRows(own, data.today)}
          removeIntent="users.schedule-remove"
          hidden={{ userId: data.person.id }}
          busy={busy}
          confirmStep={reply?.confirm}
          caption={t("workSchedules.person.historyCaption", { name: data.person.displayName })}
        />
      )}
      <h4 className="details__heading">{t("workSchedules.editor.title")}</h4>
      <p className="field__hint">{t(own.length ? "workSchedules.editor.introHistory" : "workSchedules.editor.introFirst")}</p>
      <FormError errors={form.errors} />
      <Form method="post" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="users.schedule" />
        <input type="hidden" name="userId" value={data.person.id} />
        <ScheduleEditorFields fields={fields} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("workSchedules.editor.save")}
        </button>
      </Form>
    </section>
  );
}
