-- CreateTable
CREATE TABLE "CompanyDataVersion" (
    "companyId" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- Every write to a row that belongs to a company raises that company's counter. Rows reach their
-- company directly (companyId), through their user (sessions, tokens) or their team (team admins).
-- Keep this list complete when a table is added: a table left out would let the response cache
-- serve a page that no longer matches the data (docs/decisions/0010-response-cache.md).

CREATE TRIGGER "Company_company_version_insert" AFTER INSERT ON "Company" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."id", 1 WHERE NEW."id" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Company_company_version_update" AFTER UPDATE ON "Company" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."id", 1 WHERE NEW."id" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."id", 1 WHERE OLD."id" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Company_company_version_delete" AFTER DELETE ON "Company" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."id", 1 WHERE OLD."id" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "User_company_version_insert" AFTER INSERT ON "User" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "User_company_version_update" AFTER UPDATE ON "User" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "User_company_version_delete" AFTER DELETE ON "User" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Team_company_version_insert" AFTER INSERT ON "Team" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Team_company_version_update" AFTER UPDATE ON "Team" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Team_company_version_delete" AFTER DELETE ON "Team" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "AbsenceCategory_company_version_insert" AFTER INSERT ON "AbsenceCategory" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "AbsenceCategory_company_version_update" AFTER UPDATE ON "AbsenceCategory" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "AbsenceCategory_company_version_delete" AFTER DELETE ON "AbsenceCategory" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Vacation_company_version_insert" AFTER INSERT ON "Vacation" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Vacation_company_version_update" AFTER UPDATE ON "Vacation" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Vacation_company_version_delete" AFTER DELETE ON "Vacation" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Holiday_company_version_insert" AFTER INSERT ON "Holiday" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Holiday_company_version_update" AFTER UPDATE ON "Holiday" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Holiday_company_version_delete" AFTER DELETE ON "Holiday" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Allowance_company_version_insert" AFTER INSERT ON "Allowance" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Allowance_company_version_update" AFTER UPDATE ON "Allowance" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Allowance_company_version_delete" AFTER DELETE ON "Allowance" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Subscription_company_version_insert" AFTER INSERT ON "Subscription" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Subscription_company_version_update" AFTER UPDATE ON "Subscription" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Subscription_company_version_delete" AFTER DELETE ON "Subscription" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "BillingDetails_company_version_insert" AFTER INSERT ON "BillingDetails" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "BillingDetails_company_version_update" AFTER UPDATE ON "BillingDetails" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "BillingDetails_company_version_delete" AFTER DELETE ON "BillingDetails" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "BillingContact_company_version_insert" AFTER INSERT ON "BillingContact" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "BillingContact_company_version_update" AFTER UPDATE ON "BillingContact" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "BillingContact_company_version_delete" AFTER DELETE ON "BillingContact" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "PaymentMethod_company_version_insert" AFTER INSERT ON "PaymentMethod" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "PaymentMethod_company_version_update" AFTER UPDATE ON "PaymentMethod" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "PaymentMethod_company_version_delete" AFTER DELETE ON "PaymentMethod" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Invoice_company_version_insert" AFTER INSERT ON "Invoice" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Invoice_company_version_update" AFTER UPDATE ON "Invoice" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Invoice_company_version_delete" AFTER DELETE ON "Invoice" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "AuditEntry_company_version_insert" AFTER INSERT ON "AuditEntry" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "AuditEntry_company_version_update" AFTER UPDATE ON "AuditEntry" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "AuditEntry_company_version_delete" AFTER DELETE ON "AuditEntry" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Invitation_company_version_insert" AFTER INSERT ON "Invitation" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Invitation_company_version_update" AFTER UPDATE ON "Invitation" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Invitation_company_version_delete" AFTER DELETE ON "Invitation" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "VacationActionToken_company_version_insert" AFTER INSERT ON "VacationActionToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "VacationActionToken_company_version_update" AFTER UPDATE ON "VacationActionToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "VacationActionToken_company_version_delete" AFTER DELETE ON "VacationActionToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "EmailOutbox_company_version_insert" AFTER INSERT ON "EmailOutbox" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "EmailOutbox_company_version_update" AFTER UPDATE ON "EmailOutbox" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT NEW."companyId", 1 WHERE NEW."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "EmailOutbox_company_version_delete" AFTER DELETE ON "EmailOutbox" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT OLD."companyId", 1 WHERE OLD."companyId" IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "UserToken_company_version_insert" AFTER INSERT ON "UserToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "UserToken_company_version_update" AFTER UPDATE ON "UserToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "UserToken_company_version_delete" AFTER DELETE ON "UserToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Session_company_version_insert" AFTER INSERT ON "Session" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Session_company_version_update" AFTER UPDATE ON "Session" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Session_company_version_delete" AFTER DELETE ON "Session" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "RefreshToken_company_version_insert" AFTER INSERT ON "RefreshToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "RefreshToken_company_version_update" AFTER UPDATE ON "RefreshToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = NEW."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "RefreshToken_company_version_delete" AFTER DELETE ON "RefreshToken" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId"), 1 WHERE (SELECT "companyId" FROM "User" WHERE "id" = OLD."userId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "TeamAdmin_company_version_insert" AFTER INSERT ON "TeamAdmin" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "Team" WHERE "id" = NEW."teamId"), 1 WHERE (SELECT "companyId" FROM "Team" WHERE "id" = NEW."teamId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "TeamAdmin_company_version_update" AFTER UPDATE ON "TeamAdmin" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "Team" WHERE "id" = NEW."teamId"), 1 WHERE (SELECT "companyId" FROM "Team" WHERE "id" = NEW."teamId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "Team" WHERE "id" = OLD."teamId"), 1 WHERE (SELECT "companyId" FROM "Team" WHERE "id" = OLD."teamId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "TeamAdmin_company_version_delete" AFTER DELETE ON "TeamAdmin" FOR EACH ROW BEGIN
    INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT (SELECT "companyId" FROM "Team" WHERE "id" = OLD."teamId"), 1 WHERE (SELECT "companyId" FROM "Team" WHERE "id" = OLD."teamId") IS NOT NULL
      ON CONFLICT ("companyId") DO UPDATE SET "version" = "version" + 1;
END;


INSERT INTO "CompanyDataVersion" ("companyId", "version") SELECT "id", 0 FROM "Company";
