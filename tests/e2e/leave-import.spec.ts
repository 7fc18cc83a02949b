// The import of a company switching tools (issue 43, decision 0086) without JavaScript (the same
// multipart forms hydrate with it; @js-off-only): a company of its own, its opening balance and a
// past absence previewed (a line refused, the balance after the import shown), imported, and the
// same file previewed again with nothing left to import.
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { signUpNewCompany } from "./new-company";
import { openPage } from "./support";

test("an admin previews and imports opening balances and past absences; the same file again imports nothing @js-off-only", async ({ page }) => {
  const { owner } = await signUpNewCompany(page, "import");
  await openPage(page, "/company-settings/import");
  const upload = async (kind: "balances" | "absences", csv: string) => {
    const card = page.getByTestId(`import-${kind}`);
    await card.getByLabel("Ficheiro CSV").setInputFiles({ name: `${kind}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await card.getByRole("button", { name: "Pré-visualizar" }).click();
    return page.getByTestId(`import-${kind}`);
  };

  let card = await upload("balances", `email;year;allowance;carried_over;already_taken\n${owner};2026;22;3;5,5\nghost@nowhere.test;2026;22;0;0\n`);
  await expect(card.getByTestId("import-summary")).toHaveText("1 a gravar, 0 sem alterações, 1 com erros.");
  await expect(card.getByTestId("import-errors")).toContainText("Linha 3: Não há ninguém com este e-mail na empresa");
  await expect(card.getByRole("row", { name: /Vera Vaz/ })).toContainText("19,5");
  await expectAccessible(page, "the import's preview with an error");
  await card.getByRole("button", { name: "Importar 1 linha" }).click();
  card = page.getByTestId("import-balances");
  await expect(card.getByRole("status")).toHaveText("Importação concluída");
  await expect(card.getByTestId("import-summary")).toHaveText("1 gravadas, 0 sem alterações, 1 com erros.");

  const absences = `email;type;start;end;half_day_start;half_day_end;status\n${owner};yearly_allowance;2026-02-02;2026-02-06;no;no;approved\n${owner};yearly_allowance;2026-02-04;2026-02-04;no;no;approved\n`;
  card = await upload("absences", absences);
  await expect(card.getByTestId("import-errors")).toContainText("Linha 3: Sobrepõe-se à linha 2 do ficheiro");
  await card.getByRole("button", { name: "Importar 1 linha" }).click();
  await expect(page.getByTestId("import-absences").getByTestId("import-summary")).toHaveText("1 gravadas, 0 sem alterações, 1 com erros.");

  card = await upload("absences", absences);
  await expect(card.getByTestId("import-summary")).toHaveText("0 a gravar, 1 sem alterações, 1 com erros.");
  await expect(card.getByText("Não há nada a importar")).toBeVisible();
});
