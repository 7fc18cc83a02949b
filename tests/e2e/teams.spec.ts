// The Teams tab as the demo owner, with JavaScript on (the team dialog is a modal) and off (it is
// a section of the page), on a laptop and a phone: create a team, add members, make one its admin,
// rename it, be refused deleting it while it has members, delete an empty team after confirming.
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

// Demo employees (app/models/demo.server.ts) no other spec uses (people.spec.ts edits the ones
// before them): each run moves its own, two on the laptop, one on the phone.
const PEOPLE: Record<string, string[]> = {
  "js-on desktop": ["Patrícia Sousa", "Ricardo Costa"],
  "js-on phone": ["Sofia Ferreira"],
  "js-off desktop": ["Tiago Gomes", "Vera Rodrigues"],
};

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

function jsOn(testInfo: TestInfo) {
  return testInfo.project.name === "js-on";
}

/** The team dialog: a modal <dialog> with JavaScript, a labelled section without. */
function teamEditor(page: Page, testInfo: TestInfo, name: string) {
  return page.getByRole(jsOn(testInfo) ? "dialog" : "region", { name: `Equipa ${name}` });
}

async function addMember(page: Page, editor: ReturnType<typeof teamEditor>, person: string) {
  // The person picker, not the cover form's "Máximo de pessoas…" boxes further down the dialog.
  const select = editor.getByRole("combobox", { name: /^Pessoa/ });
  const value = await select.locator("option", { hasText: person }).getAttribute("value");
  await select.selectOption(value!);
  await editor.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(editor.getByTestId("action-notice")).toContainText(`${person} está agora na equipa`);
  await expect(editor.getByRole("rowheader", { name: new RegExp(person) })).toBeVisible();
  // The page's data has caught up: the person left the choices (the form starts again at "—").
  await expect(select.locator("option", { hasText: person })).toHaveCount(0);
}

/** Deletes from the table, answering the question in the dialog (JS) or the page's step (no JS). */
async function deleteTeam(page: Page, testInfo: TestInfo, name: string) {
  await page.getByRole("button", { name: `Apagar a equipa ${name}` }).click();
  const question = jsOn(testInfo) ? page.getByRole("dialog", { name: "Apagar equipa" }) : page.getByTestId("confirmation-step");
  await expect(question).toContainText(`Quer mesmo apagar a equipa ${name}?`);
  await question.getByRole("button", { name: "Sim, apagar" }).click();
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${size}${size === "phone" ? " @phone-journey" : ""}`, () => {
    test("the owner sets up a team: members, an admin, a new name; deletes only an empty team", async ({ page }, testInfo) => {
      const run = `${testInfo.project.name} ${size}`;
      const people = PEOPLE[run];
      const [first] = people;
      const members = people.length === 1 ? "1 membro" : `${people.length} membros`;
      // Names clear of other specs' labels ("Nome", "Equipa"…): the Users tab's team picker lists them.
      const name = `Grupo ${run}`;
      const renamed = `${name} (B)`;
      // Signed in on the laptop layout (the phone's menu hides the name signIn waits for).
      await signIn(page, DEMO.owner.email);
      await page.setViewportSize(viewport);
      await openPage(page, "/company-settings/teams");

      await page.getByLabel("Nome da equipa").fill(name);
      await page.getByRole("button", { name: "Adicionar equipa" }).click();
      await expect(page.getByTestId("action-notice")).toContainText(`Equipa ${name} criada`);
      const row = page.getByTestId("team-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
      await expect(row).toContainText("Sem admin");
      await expect(row).toContainText("0 membros");

      await page.getByRole("link", { name: `Gerir membros e admins de ${name}` }).click();
      let editor = teamEditor(page, testInfo, name);
      await expect(editor).toBeVisible();
      await expect(editor).toContainText("Esta equipa ainda não tem membros");
      for (const person of people) await addMember(page, editor, person);

      await editor.getByRole("checkbox", { name: `${first} é admin da equipa` }).check();
      await editor.getByRole("button", { name: "Guardar admins" }).click();
      await expect(editor.getByTestId("action-notice")).toContainText(`Admins da equipa ${name} guardados.`);
      await expect(editor.getByRole("checkbox", { name: `${first} é admin da equipa` })).toBeChecked();
      for (const other of people.slice(1)) await expect(editor.getByRole("checkbox", { name: `${other} é admin da equipa` })).not.toBeChecked();

      await editor.getByLabel("Nome", { exact: true }).fill(renamed);
      await editor.getByRole("button", { name: "Mudar nome" }).click();
      editor = teamEditor(page, testInfo, renamed);
      await expect(editor.getByTestId("action-notice")).toContainText(`Equipa renomeada para ${renamed}.`);
      await editor.getByRole("link", { name: jsOn(testInfo) ? "Fechar" : "Voltar às equipas" }).click();
      await expect(editor).toBeHidden();

      const renamedRow = page.getByTestId("team-row").filter({ has: page.getByRole("rowheader", { name: renamed, exact: true }) });
      await expect(renamedRow).toContainText(first.split(" ")[0]);
      await expect(renamedRow).toContainText(members);
      // The page never scrolls sideways: the table scrolls inside its card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // With members, no question: the refusal comes at once.
      await page.getByRole("button", { name: `Apagar a equipa ${renamed}` }).click();
      await expect(page.getByRole("dialog", { name: "Apagar equipa" })).toHaveCount(0);
      const refusal = page.getByTestId("action-notice");
      await expect(refusal).toContainText("Erro ao apagar team");
      await expect(refusal).toContainText(`A equipa ${renamed} tem ${members}`);
      await expect(renamedRow).toBeVisible();

      const empty = `Vazia ${run}`;
      await page.getByLabel("Nome da equipa").fill(empty);
      await page.getByRole("button", { name: "Adicionar equipa" }).click();
      await expect(page.getByTestId("action-notice")).toContainText(`Equipa ${empty} criada`);
      await deleteTeam(page, testInfo, empty);
      await expect(page.getByTestId("action-notice")).toContainText(`Equipa ${empty} apagada.`);
      await expect(page.getByRole("rowheader", { name: empty, exact: true })).toHaveCount(0);
    });
  });
}

test("a blank or taken team name is refused next to the field", async ({ page }) => {
  await signIn(page, DEMO.owner.email);
  await openPage(page, "/company-settings/teams");
  const field = page.getByLabel("Nome da equipa");
  await field.fill("   ");
  await page.getByRole("button", { name: "Adicionar equipa" }).click();
  await expect(page.getByText("Indique o nome da equipa.")).toBeVisible();
  await field.fill("Engineering");
  await page.getByRole("button", { name: "Adicionar equipa" }).click();
  await expect(page.getByText("Já existe uma equipa chamada Engineering.")).toBeVisible();
  await expect(page.getByTestId("action-notice")).toContainText("Erro ao criar team");
});
