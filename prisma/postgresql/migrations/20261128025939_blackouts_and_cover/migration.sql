-- CreateTable
CREATE TABLE "Blackout" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'company',
    "defaultMode" TEXT NOT NULL DEFAULT 'block',
    "typeModes" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Blackout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BlackoutTeam" (
    "blackoutId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,

    CONSTRAINT "BlackoutTeam_pkey" PRIMARY KEY ("blackoutId","teamId")
);

-- CreateTable
CREATE TABLE "BlackoutPerson" (
    "blackoutId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "BlackoutPerson_pkey" PRIMARY KEY ("blackoutId","userId")
);

-- CreateTable
CREATE TABLE "TeamCover" (
    "teamId" TEXT NOT NULL,
    "maxAbsent" INTEGER,
    "minPresent" INTEGER,
    "mode" TEXT NOT NULL DEFAULT 'block',
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TeamCover_pkey" PRIMARY KEY ("teamId")
);

-- CreateTable
CREATE TABLE "TeamCoverKey" (
    "teamId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "TeamCoverKey_pkey" PRIMARY KEY ("teamId","userId")
);

-- CreateIndex
CREATE INDEX "Blackout_companyId_endDate_idx" ON "Blackout"("companyId", "endDate");

-- CreateIndex
CREATE INDEX "BlackoutTeam_teamId_idx" ON "BlackoutTeam"("teamId");

-- CreateIndex
CREATE INDEX "BlackoutPerson_userId_idx" ON "BlackoutPerson"("userId");

-- CreateIndex
CREATE INDEX "TeamCoverKey_userId_idx" ON "TeamCoverKey"("userId");

-- AddForeignKey
ALTER TABLE "Blackout" ADD CONSTRAINT "Blackout_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlackoutTeam" ADD CONSTRAINT "BlackoutTeam_blackoutId_fkey" FOREIGN KEY ("blackoutId") REFERENCES "Blackout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlackoutTeam" ADD CONSTRAINT "BlackoutTeam_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlackoutPerson" ADD CONSTRAINT "BlackoutPerson_blackoutId_fkey" FOREIGN KEY ("blackoutId") REFERENCES "Blackout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlackoutPerson" ADD CONSTRAINT "BlackoutPerson_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamCover" ADD CONSTRAINT "TeamCover_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamCoverKey" ADD CONSTRAINT "TeamCoverKey_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamCoverKey" ADD CONSTRAINT "TeamCoverKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
