// The Users tab as the owner uses it, with JavaScript on and off, on a laptop and a phone: find a
// person, edit their name, team, role and photo, set their allowances (a negative number is
// refused with the spec's message), and set a year's allowances for a selection in bulk.
// Both projects share one server and database: each run (project × width) edits its own demo
// people and its own years.
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { DEMO, openPage, signIn } from "./support";

const RUNS = {
  "js-on-1366": { person: "Gabriela Ferreira", other: "Hugo Gomes", bulkYear: 2031 },
  "js-on-390": { person: "Inês Rodrigues", other: "João Pereira", bulkYear: 2032 },
  "js-off-1366": { person: "Joana Silva", other: "Luís Martins", bulkYear: 2033 },
} as const;

for (const width of [1366, 390] as const) {
  test(`the owner finds, edits and gives allowances to people at ${width} px${width === 390 ? " @phone-journey" : ""}`, async ({ page }, testInfo) => {
    const run = RUNS[`${testInfo.project.name}-${width}` as keyof typeof RUNS];
    await signIn(page, DEMO.owner.email);
    // After signing in: on a phone the name sits in the folded menu.
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await openPage(page, "/company-settings/users");

    // Find the person (a GET form: the search is in the address).
    await page.getByLabel("Nome ou email").fill(run.person);
    await page.getByRole("button", { name: "Procurar", exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByTestId("people-row")).toHaveCount(1);
    await page.getByRole("link", { name: `Editar ${run.person}` }).click();
    await expect(page.getByRole("heading", { name: `Editar ${run.person}` })).toBeVisible();

    // Name, team, role and a photo, saved together; the photo comes back small.
    const renamed = `${run.person} Lopes`;
    const profile = page.locator("form").filter({ has: page.getByRole("button", { name: "Guardar", exact: true }) });
    await profile.getByLabel("Nome").fill(renamed);
    await profile.getByLabel("Equipa").selectOption({ label: "Sales" });
    await profile.getByLabel("Papel").selectOption({ label: "Admin" });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    await profile.getByLabel("Fotografia").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: photo });
    await profile.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText(`Dados de ${renamed} guardados.`)).toBeVisible();
    // A refused allowance (in the browser, or by the server without JavaScript) takes the profile's
    // "saved" notice away: it would read as the answer to the allowance.
    await page.getByLabel("Férias anuais").fill("-1");
    await page.getByRole("button", { name: "Guardar dias atribuídos" }).click();
    await expect(page.getByText("Valor inválido para Yearly Allowance.")).toBeVisible();
    await expect(page.getByText(`Dados de ${renamed} guardados.`)).toHaveCount(0);
    const avatar = page.getByRole("img", { name: `Fotografia de ${renamed}` });
    await expect(avatar).toBeVisible();
    expect(await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth <= 256, img.naturalHeight <= 256, img.src.startsWith("data:image/webp")])).toEqual([true, true, true]);
    await expect(profile.getByLabel("Equipa").locator("option:checked")).toHaveText("Sales");
    await expect(profile.getByLabel("Papel")).toHaveValue("admin");

    // Allowances of next year: a negative number is refused with the spec's message, halves are fine.
    const nextYear = Number((await page.getByRole("heading", { name: /^Dias atribuídos em \d{4}$/ }).textContent())!.slice(-4)) + 1;
    await page.getByRole("link", { name: `Ano seguinte (${nextYear})` }).click();
    await expect(page.getByRole("heading", { name: `Dias atribuídos em ${nextYear}` })).toBeVisible();
    await page.getByLabel("Férias anuais").fill("-1");
    await page.getByLabel("Residual").fill("0");
    await page.getByLabel("Licença especial").fill("0");
    await page.getByRole("button", { name: "Guardar dias atribuídos" }).click();
    await expect(page.getByText("Valor inválido para Yearly Allowance.")).toBeVisible();
    await page.getByLabel("Férias anuais").fill("24,5");
    await page.getByRole("button", { name: "Guardar dias atribuídos" }).click();
    await expect(page.getByText(`Dias atribuídos em ${nextYear} guardados.`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`^${nextYear} 24,5`) })).toBeVisible();

    // Bulk: a year's allowances for two people ticked in the table.
    await page.getByRole("link", { name: "Voltar aos utilizadores" }).click();
    await expect(page.getByTestId("people-row").first()).toBeVisible();
    await page.getByLabel(`Escolher ${renamed} para os dias atribuídos em bloco`).check();
    await page.getByLabel(`Escolher ${run.other} para os dias atribuídos em bloco`).check();
    const bulk = page.locator("form#bulk-allowances");
    await bulk.getByLabel("Ano", { exact: true }).fill(String(run.bulkYear));
    await bulk.getByLabel("Férias anuais").fill("25");
    await bulk.getByRole("button", { name: "Definir dias atribuídos" }).click();
    await expect(page.getByText(`Dias atribuídos em ${run.bulkYear} definidos para 2 pessoas (0 já tinham estes valores).`)).toBeVisible();

    // The table of that year shows them (and not the others).
    const filters = page.locator("form.people-filters");
    await filters.getByLabel("Ano", { exact: true }).fill(String(run.bulkYear));
    await filters.getByRole("button", { name: "Procurar", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`year=${run.bulkYear}`));
    for (const name of [renamed, run.other]) {
      await expect(page.getByRole("link", { name: `Saldo explicado de ${name} em ${run.bulkYear}: Férias anuais 25` })).toBeVisible();
    }
    // The table scrolls inside its box; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
