-- CreateIndex
CREATE INDEX "Vacation_userId_status_idx" ON "Vacation"("userId", "status");
