// Reports and audit (issue 12) as people use them, with JavaScript on (a laptop) and off (a phone),
// in Portuguese, English and Spanish: an admin reads the year (team, sort, a year out of bounds)
// and exports it; filters the vacations of a range and exports them; the master filters the audit
// across companies and exports it; an employee is refused all of it.
import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page, type TestInfo } from "./fixtures";
import { DEMO, onceUnlessDefault, openPage, signIn } from "./support";

const VIEWPORTS = { "js-on": { width: 1366, height: 900 }, "js-off": { width: 390, height: 844 } } as const;

const LANGUAGES = [
  {
    lng: "pt",
    reports: "Relatórios",
    yearLabel: "Ano",
    team: "Equipa",
    show: "Mostrar",
    exportCsv: "Exportar CSV",
    remaining: "Restantes",
    daysOffTitle: /^Dias úteis de ausência por mês em \d{4}, por equipa/,
    outOfRange: /^Indique um ano entre 2000 e \d{4}\.$/,
    separator: ";",
    yearHeader: "Nome;Email;Função;Equipa;Férias anuais: atribuídos",
    yearFile: /^saldos-\d{4}\.csv$/,
    audit: "Auditoria",
    company: "Empresa",
    allCompanies: "Todas as empresas",
    action: "Ação",
    signedIn: "Entrou",
    doneBy: "Feito por",
    apply: "Aplicar",
    auditHeader: "Data e hora (Europe/Lisbon);Empresa;Feito por",
    auditFile: /^auditoria-\d{4}-\d{2}-\d{2}\.csv$/,
  },
  {
    lng: "en",
    reports: "Reports",
    yearLabel: "Year",
    team: "Team",
    show: "Show",
    exportCsv: "Export CSV",
    remaining: "Remaining",
    daysOffTitle: /^Working days off per month in \d{4}, by team/,
    outOfRange: /^Enter a year between 2000 and \d{4}\.$/,
    separator: ",",
    yearHeader: "Name,E-mail,Role,Team,Yearly allowance: allowance",
    yearFile: /^allowances-\d{4}\.csv$/,
    audit: "Audit",
    company: "Company",
    allCompanies: "All companies",
    action: "Action",
    signedIn: "Signed in",
    doneBy: "Done by",
    apply: "Apply",
    auditHeader: "Time (Europe/Lisbon),Company,Done by",
    auditFile: /^audit-\d{4}-\d{2}-\d{2}\.csv$/,
  },
  {
    lng: "es",
    reports: "Informes",
    yearLabel: "Año",
    team: "Equipo",
    show: "Mostrar",
    exportCsv: "Exportar CSV",
    remaining: "Restantes",
    daysOffTitle: /^Días laborables de ausencia por mes en \d{4}, por equipo/,
    outOfRange: /^Introduce un año entre 2000 y \d{4}\.$/,
    separator: ";",
    yearHeader: "Nombre;Correo;Rol;Equipo;Vacaciones anuales: asignados",
    yearFile: /^saldos-\d{4}\.csv$/,
    audit: "Auditoría",
    company: "Empresa",
    allCompanies: "Todas las empresas",
    action: "Acción",
    signedIn: "Inició sesión",
    doneBy: "Hecho por",
    apply: "Aplicar",
    auditHeader: "Fecha y hora (Europe/Lisbon);Empresa;Hecho por",
    auditFile: /^auditor[ií]a-\d{4}-\d{2}-\d{2}\.csv$/,
  },
] as const;

function viewportOf(testInfo: TestInfo) {
  return VIEWPORTS[testInfo.project.name as keyof typeof VIEWPORTS] ?? VIEWPORTS["js-on"];
}

/** Clicks an export link and reads the file it downloads: its name and its lines (BOM checked). */
async function download(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const bytes = readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: file.suggestedFilename(), lines: bytes.subarray(3).toString("utf8").trim().split("\r\n") };
}

for (const language of LANGUAGES) {
  test(`an admin reads the year by team and column and exports it (${language.lng})${language.lng === "pt" ? " @postgresql" : onceUnlessDefault(language.lng)}`, async ({ page }, testInfo) => {
    await signIn(page, DEMO.admin.email);
    await page.setViewportSize(viewportOf(testInfo));
    await openPage(page, `/reports?lng=${language.lng}`);
    await expect(page.getByRole("heading", { level: 1, name: language.reports })).toBeVisible();
    // The demo company's 25 people (more when another spec has invited someone meanwhile), and both
    // pictures with their names.
    await expect(page.getByTestId("report-row").nth(24)).toBeAttached();
    await expect(page.getByRole("img", { name: language.daysOffTitle })).toBeAttached();
    await expect(page.getByTestId("chart-days-left")).toBeAttached();

    // The form's own button (a phone without JavaScript also has the pager's "show" button).
    const yearForm = page.locator("form.report-filters");
    await page.getByLabel(language.team, { exact: true }).selectOption({ label: "Engineering" });
    await yearForm.getByRole("button", { name: language.show, exact: true }).click();
    await expect(page).toHaveURL(/team=/);
    const rows = page.getByTestId("report-row");
    await expect(rows.first()).toContainText("Engineering");
    // With JavaScript the address changes as the new rows arrive: wait until only the team's remain.
    // (The team is the row's first td; its first cell is the person's th.)
    await expect(rows.locator("td:first-of-type").filter({ hasNotText: "Engineering" })).toHaveCount(0);
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThan(25);
    for (let i = 0; i < count; i++) await expect(rows.nth(i).locator("td").first()).toHaveText("Engineering");

    // Sorted by what remains of the yearly allowance, most first.
    await page.getByRole("link", { name: language.remaining }).first().click();
    await expect(page).toHaveURL(/sort=yearlyRemaining/);
    // With JavaScript the address changes before the sorted rows arrive; the header's aria-sort is
    // rendered with them.
    await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1);
    const remaining = (await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll("td")[3]?.textContent ?? ""))).map((text) => Number(text.replace(",", ".")));
    expect(remaining).toEqual([...remaining].sort((a, b) => b - a));

    const file = await download(page, page.getByRole("link", { name: language.exportCsv }));
    expect(file.name).toMatch(language.yearFile);
    expect(file.lines[0].startsWith(language.yearHeader)).toBe(true);
    expect(file.lines).toHaveLength(count + 1);
    for (const line of file.lines.slice(1)) expect(line.split(language.separator)[3]).toBe("Engineering");

    // A year outside the spec's bounds is named by the field, and nothing is shown for it.
    await page.getByLabel(language.yearLabel, { exact: true }).fill("1999");
    await yearForm.getByRole("button", { name: language.show, exact: true }).click();
    await expect(page.locator("#report-year-error")).toHaveText(language.outOfRange);
    await expect(page.getByTestId("report-row")).toHaveCount(0);
  });

  test(`the master filters the audit across companies and exports it (${language.lng})${onceUnlessDefault(language.lng)}`, async ({ page }, testInfo) => {
    await signIn(page, DEMO.master.email);
    await page.setViewportSize(viewportOf(testInfo));
    await openPage(page, `/audit?lng=${language.lng}`);
    await expect(page.getByRole("heading", { level: 1, name: language.audit })).toBeVisible();
    const company = page.getByLabel(language.company, { exact: true });
    await expect(company.locator("option:checked")).toHaveText(language.allCompanies);
    // Every company: the table has a company column (on a phone its header is for screen readers
    // only, each card names the value).
    await expect(page.getByTestId("audit-table").getByRole("columnheader", { name: language.company })).toBeAttached();

    await page.getByLabel(language.action, { exact: true }).selectOption({ label: language.signedIn });
    await page.getByRole("button", { name: language.apply, exact: true }).click();
    await expect(page).toHaveURL(/action=auth\.signed_in/);
    const rows = page.getByTestId("audit-row");
    // The action in words, not its code (the CSV keeps the code).
    await expect(rows.first().locator(".audit-table__action")).toHaveText(language.signedIn);
    // Retried until the filtered page is the one shown (with JavaScript the table is replaced in place).
    await expect(rows.filter({ hasNotText: language.signedIn })).toHaveCount(0);
    await expect(page.getByTestId("audit-table")).not.toContainText("auth.signed_in");
    if (testInfo.project.name === "js-off") {
      // A phone: each entry is a card as wide as the screen, every value of it in view (no sideways scroll).
      for (const cell of [rows.first(), rows.first().locator(".audit-table__action"), rows.first().locator(".audit-table__details")]) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    }

    // One company, then one person of it: the master's own sign-ins. With JavaScript the company's
    // people fill the list as it is chosen; without, applying the company does.
    await company.selectOption({ label: "Demo Company" });
    if (testInfo.project.name === "js-off") {
      await page.getByRole("button", { name: language.apply, exact: true }).click();
      await expect(page).toHaveURL(/company=/);
    }
    await page.getByLabel(language.doneBy, { exact: true }).selectOption({ label: DEMO.master.name });
    await page.getByRole("button", { name: language.apply, exact: true }).click();
    await expect(page).toHaveURL(/company=.*user=/);
    await expect(rows.first()).toContainText(DEMO.master.name);
    await expect(rows.filter({ hasNotText: DEMO.master.email })).toHaveCount(0);
    const shown = await rows.count();

    const file = await download(page, page.getByRole("link", { name: language.exportCsv }));
    expect(file.name).toMatch(language.auditFile);
    expect(file.lines[0].startsWith(language.auditHeader)).toBe(true);
    // The filtered set, all of it (the screen shows at most 20 of it).
    expect(file.lines.length - 1).toBeGreaterThanOrEqual(shown);
    for (const line of file.lines.slice(1)) {
      expect(line).toContain("auth.signed_in");
      expect(line).toContain(DEMO.master.email);
    }
  });
}

test("an admin filters the vacations of a range and exports them @postgresql", async ({ page }, testInfo) => {
  await signIn(page, DEMO.admin.email);
  await page.setViewportSize(viewportOf(testInfo));
  await openPage(page, "/reports?tab=absences");
  const rows = page.getByTestId("absence-report-row");
  await expect(rows.first()).toBeVisible();
  await page.getByLabel("Estado de aprovação").selectOption({ label: "Aprovada" });
  await page.getByLabel("Equipa", { exact: true }).selectOption({ label: "Sales" });
  await page.getByRole("button", { name: "Aplicar", exact: true }).click();
  await expect(page).toHaveURL(/status=approved/);
  await expect(rows.first()).toContainText("Sales");
  await expect(rows.filter({ hasNotText: "Sales" })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: "Aprovada" })).toHaveCount(0);
  const file = await download(page, page.getByRole("link", { name: "Exportar CSV" }));
  expect(file.name).toMatch(/^ausências-\d{4}-01-01-a-\d{4}-12-31\.csv$/);
  expect(file.lines[0]).toBe("Nome;Email;Equipa;Tipo;Estado;Início;Fim;Dias úteis;Descrição");
  expect(file.lines.length).toBeGreaterThan(1);
  for (const line of file.lines.slice(1)) {
    const [, , team, , status] = line.split(";");
    expect([team, status]).toEqual(["Sales", "Aprovado"]);
  }
});

test("an employee is refused the reports, the audit and their exports", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  for (const path of ["/reports", "/reports?tab=absences", "/audit"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  }
  for (const path of ["/reports/allowances.csv", "/reports/absences.csv", "/audit/export.csv"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("alert")).toContainText("Falha a exportar CSV");
  }
});
