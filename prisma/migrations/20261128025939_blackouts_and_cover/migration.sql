-- CreateTable
CREATE TABLE "Blackout" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'company',
    "defaultMode" TEXT NOT NULL DEFAULT 'block',
    "typeModes" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Blackout_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BlackoutTeam" (
    "blackoutId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,

    PRIMARY KEY ("blackoutId", "teamId"),
    CONSTRAINT "BlackoutTeam_blackoutId_fkey" FOREIGN KEY ("blackoutId") REFERENCES "Blackout" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BlackoutTeam_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BlackoutPerson" (
    "blackoutId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    PRIMARY KEY ("blackoutId", "userId"),
    CONSTRAINT "BlackoutPerson_blackoutId_fkey" FOREIGN KEY ("blackoutId") REFERENCES "Blackout" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BlackoutPerson_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TeamCover" (
    "teamId" TEXT NOT NULL PRIMARY KEY,
    "maxAbsent" INTEGER,
    "minPresent" INTEGER,
    "mode" TEXT NOT NULL DEFAULT 'block',
    "version" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "TeamCover_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TeamCoverKey" (
    "teamId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    PRIMARY KEY ("teamId", "userId"),
    CONSTRAINT "TeamCoverKey_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TeamCoverKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Blackout_companyId_endDate_idx" ON "Blackout"("companyId", "endDate");

-- CreateIndex
CREATE INDEX "BlackoutTeam_teamId_idx" ON "BlackoutTeam"("teamId");

-- CreateIndex
CREATE INDEX "BlackoutPerson_userId_idx" ON "BlackoutPerson"("userId");

-- CreateIndex
CREATE INDEX "TeamCoverKey_userId_idx" ON "TeamCoverKey"("userId");
