// The programme this process serves: the file PROGRAMME_FILE names, or the default, read and
// validated once (at start-up, where a bad file stops the process naming its line and field).
import { getEnv } from "~/lib/env.server";
import type { ProgrammeContent } from "./model";
import { readProgrammeFile } from "./programme-file.server";

let loaded: ProgrammeContent | undefined;

export function currentProgramme(): ProgrammeContent {
  loaded ??= readProgrammeFile(getEnv().PROGRAMME_FILE);
  return loaded;
}
