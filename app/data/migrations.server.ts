// The product database's schema versions, applied in order at start-up and by `npm run db:migrate`.
// Each migration is imported here (the build bundles them), never read from a folder at run time.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as clientProgramme from "./migrations/001-client-programme";
import * as staffConsole from "./migrations/002-staff-console";
import * as sessionRevocations from "./migrations/003-session-revocations";
import * as revocationReasons from "./migrations/004-revocation-reasons";
import * as eventsAndJobs from "./migrations/005-events-and-jobs";
import * as sharedFiles from "./migrations/006-shared-files";
import * as conversation from "./migrations/007-conversation";
import * as messageMail from "./migrations/008-message-mail";
import * as visits from "./migrations/009-visits";
import * as fileKinds from "./migrations/010-file-kinds";
import * as handIns from "./migrations/011-hand-ins";
import * as clientProfiles from "./migrations/012-client-profiles";
import * as clientProgrammes from "./migrations/013-client-programmes";
import * as taskReminders from "./migrations/014-task-reminders";
import * as eventAudiences from "./migrations/015-event-audiences";
import * as mailClaims from "./migrations/016-mail-claims";
import * as uploadReservations from "./migrations/017-upload-reservations";
import * as formatControls from "./migrations/018-text-without-format-controls";
import * as taskFacts from "./migrations/019-task-facts";
import * as consoleIndexes from "./migrations/020-console-indexes";
import * as lateFrom from "./migrations/021-late-from";
import * as attentionOrder from "./migrations/022-facts-in-attention-order";
import * as clientAccounts from "./migrations/023-client-accounts";
import * as accountPeople from "./migrations/024-account-people";
import * as taskAssignees from "./migrations/025-task-assignees";
import * as listedClients from "./migrations/026-listed-clients";
import * as accountRows from "./migrations/027-account-rows";
import * as settledTasks from "./migrations/028-settled-tasks";
import * as deactivatedAccounts from "./migrations/029-deactivated-accounts";
import * as planTaskFields from "./migrations/030-plan-task-fields";
import * as overdueReminders from "./migrations/031-overdue-reminders";
import * as dueZones from "./migrations/032-due-zones";
import * as agencySettings from "./migrations/033-agency-settings";
import * as storedFacts from "./migrations/034-stored-facts";
import * as inboundMail from "./migrations/035-inbound-mail";
import * as mailedFiles from "./migrations/036-mailed-files";
import * as formAnswers from "./migrations/037-form-answers";
import * as ownQuestions from "./migrations/038-own-questions";

const MIGRATIONS: Record<string, Migration> = {
  "001-client-programme": clientProgramme,
  "002-staff-console": staffConsole,
  "003-session-revocations": sessionRevocations,
  "004-revocation-reasons": revocationReasons,
  "005-events-and-jobs": eventsAndJobs,
  "006-shared-files": sharedFiles,
  "007-conversation": conversation,
  "008-message-mail": messageMail,
  "009-visits": visits,
  "010-file-kinds": fileKinds,
  "011-hand-ins": handIns,
  "012-client-profiles": clientProfiles,
  "013-client-programmes": clientProgrammes,
  "014-task-reminders": taskReminders,
  "015-event-audiences": eventAudiences,
  "016-mail-claims": mailClaims,
  "017-upload-reservations": uploadReservations,
  "018-text-without-format-controls": formatControls,
  "019-task-facts": taskFacts,
  "020-console-indexes": consoleIndexes,
  "021-late-from": lateFrom,
  "022-facts-in-attention-order": attentionOrder,
  "023-client-accounts": clientAccounts,
  "024-account-people": accountPeople,
  "025-task-assignees": taskAssignees,
  "026-listed-clients": listedClients,
  "027-account-rows": accountRows,
  "028-settled-tasks": settledTasks,
  "029-deactivated-accounts": deactivatedAccounts,
  "030-plan-task-fields": planTaskFields,
  "031-overdue-reminders": overdueReminders,
  "032-due-zones": dueZones,
  "033-agency-settings": agencySettings,
  "034-stored-facts": storedFacts,
  "035-inbound-mail": inboundMail,
  "036-mailed-files": mailedFiles,
  "037-form-answers": formAnswers,
  "038-own-questions": ownQuestions,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema to the newest version; returns the names applied now. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === "Success")
    .map((r) => r.migrationName);
}
