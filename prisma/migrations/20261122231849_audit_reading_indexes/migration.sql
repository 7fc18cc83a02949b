-- CreateIndex
CREATE INDEX "AuditEntry_createdAt_idx" ON "AuditEntry"("createdAt");

-- CreateIndex
CREATE INDEX "AuditEntry_companyId_actorId_createdAt_idx" ON "AuditEntry"("companyId", "actorId", "createdAt");
