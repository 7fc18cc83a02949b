// Signed outgoing webhooks as an admin sets them up without JavaScript (the same forms hydrate
// with it; @js-off-only): Company settings → Integrations, an endpoint added (its events required,
// its secret shown in that answer), a test event that a receiver of this test gets signed (checked
// with the Standard Webhooks reference library) and the log shows delivered, then the endpoint
// deleted after the page's own question.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

test("an admin adds an endpoint, sends it a signed test event, reads the log and deletes it @js-off-only", async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/folga`;
  try {
    await signIn(page, DEMO.admin.email);
    await openPage(page, "/company-settings/integrations");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 2 })).toBeVisible();

    await page.getByLabel("Endereço (URL)").fill(url);
    await page.getByRole("button", { name: "Adicionar endpoint" }).click();
    await expect(page.getByText("Escolha pelo menos um evento.")).toBeVisible();

    await page.getByLabel("Endereço (URL)").fill(url);
    await page.getByRole("checkbox", { name: /Ausência aprovada/ }).check();
    await page.getByRole("button", { name: "Adicionar endpoint" }).click();
    await expect(page.getByTestId("action-notice")).toContainText(`Endpoint ${url} adicionado.`);
    const secret = await page.getByTestId("webhook-secret-value").inputValue();
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole("link", { name: `Definições e registo de entregas de ${url}` }).click();
    await page.getByRole("button", { name: "Enviar evento de teste" }).click();
    await expect(page.getByTestId("action-notice")).toContainText("Evento de teste enviado");
    await expect.poll(() => received.length).toBe(1);
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(event).toMatchObject({ type: "webhook.test" });
    await page.getByRole("link", { name: "Atualizar" }).click();
    const delivery = page.getByTestId("webhook-delivery");
    await expect(delivery).toContainText("Entregue");
    await expect(delivery).toContainText("HTTP 200");

    await page.getByRole("link", { name: "Todos os endpoints" }).click();
    await page.getByRole("button", { name: `Eliminar o endpoint ${url}` }).click();
    await page.getByTestId("confirmation-step").getByRole("button", { name: "Sim, eliminar" }).click();
    await expect(page.getByTestId("action-notice")).toContainText(`Endpoint ${url} eliminado.`);
    await expect(page.getByTestId("webhook-row").filter({ hasText: url })).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

// Slack and Teams (decision 0094) on the same tab: without the Slack app's settings the server
// offers no "Add to Slack" and says why; Teams connects by its address (shown afterwards by host
// only), opens the daily post's form, and disconnects after the page's own question.
test("an admin connects Teams, sees Slack not offered without its app, sets the daily post and disconnects @js-off-only", async ({ page }) => {
  await signIn(page, DEMO.admin.email);
  await openPage(page, "/company-settings/integrations");
  const chat = page.getByTestId("chat-integrations");
  await expect(chat.getByRole("heading", { name: "Slack e Microsoft Teams" })).toBeVisible();
  await expect(page.getByTestId("chat-slack-off")).toContainText("SLACK_CLIENT_ID");
  await expect(page.getByTestId("chat-slack-connect")).toHaveCount(0);
  await expect(chat.getByText("Ligue o Slack ou o Teams para escolher uma publicação diária.")).toBeVisible();

  await chat.getByLabel("Endereço do webhook de entrada").fill("http://127.0.0.1:9/teams");
  await chat.getByRole("button", { name: "Ligar o Teams" }).click();
  await expect(chat.getByTestId("action-notice")).toContainText("Microsoft Teams ligado.");
  await expect(page.getByTestId("chat-teams-connected")).toHaveText("Ligado: as publicações vão para 127.0.0.1:9.");

  await chat.getByLabel("Hora").fill("08:30");
  await chat.getByRole("button", { name: "Guardar publicação diária" }).click();
  await expect(chat.getByTestId("action-notice")).toContainText("Publicação diária guardada.");
  await expect(chat.getByLabel("Hora")).toHaveValue("08:30");

  await chat.getByRole("button", { name: "Desligar o Teams" }).click();
  await chat.getByTestId("confirmation-step").getByRole("button", { name: "Desligar" }).click();
  await expect(chat.getByTestId("action-notice")).toContainText("Microsoft Teams desligado.");
  await expect(chat.getByLabel("Endereço do webhook de entrada")).toBeVisible();
});
