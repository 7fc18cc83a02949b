-- CreateTable
CREATE TABLE "ChatIntegration" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "slackTeamId" TEXT,
    "slackTeamName" TEXT,
    "slackBotToken" TEXT,
    "slackChannel" TEXT,
    "teamsWebhookUrl" TEXT,
    "postTime" TEXT NOT NULL DEFAULT '09:00',
    "connectedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatIntegration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChatMessage" (
    "id" TEXT NOT NULL,
    "integrationId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "vacationId" TEXT NOT NULL,
    "recipientId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChatDailyPost" (
    "id" TEXT NOT NULL,
    "integrationId" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatDailyPost_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ChatIntegration_companyId_key" ON "ChatIntegration"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "ChatIntegration_slackTeamId_key" ON "ChatIntegration"("slackTeamId");

-- CreateIndex
CREATE INDEX "ChatMessage_status_nextAttemptAt_idx" ON "ChatMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "ChatDailyPost_integrationId_target_date_key" ON "ChatDailyPost"("integrationId", "target", "date");

-- AddForeignKey
ALTER TABLE "ChatIntegration" ADD CONSTRAINT "ChatIntegration_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatMessage" ADD CONSTRAINT "ChatMessage_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "ChatIntegration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatDailyPost" ADD CONSTRAINT "ChatDailyPost_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "ChatIntegration"("id") ON DELETE CASCADE ON UPDATE CASCADE;
