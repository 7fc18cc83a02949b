// The team filter of the people lists (the Users tab, Work schedules): every team, all of them, or
// people without one (NO_TEAM), read from the address by a GET form that works without JavaScript.
import { useTranslation } from "react-i18next";
import { NO_TEAM } from "~/lib/schemas/people";

export function TeamFilterField({ teams, value }: { teams: readonly { id: string; name: string }[]; value: string }) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{t("people.filters.team")}</span>
      <select name="team" defaultValue={value}>
        <option value="">{t("people.filters.allTeams")}</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
        <option value={NO_TEAM}>{t("people.filters.noTeam")}</option>
      </select>
    </label>
  );
}
