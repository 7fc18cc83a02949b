-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN "claimedAt" DATETIME;

-- CreateTable
CREATE TABLE "RateLimitWindow" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "resetAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SignInFailure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "lastAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "RateLimitWindow_resetAt_idx" ON "RateLimitWindow"("resetAt");

-- CreateIndex
CREATE INDEX "SignInFailure_lastAt_idx" ON "SignInFailure"("lastAt");
