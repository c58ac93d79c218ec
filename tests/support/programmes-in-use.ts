// The template versions the data tests ask "Needs attention" and the filters over: the default
// programme alone, as the version every client without one follows.
import type { VersionInUse } from "~/data/client-tasks.server";
import { readProgrammeFile } from "~/programme/programme-file.server";

export const DEFAULT_ONLY: { versions: VersionInUse[]; defaultTemplateId: string } = {
  versions: [
    { templateId: "default", version: "v1", current: true, content: readProgrammeFile(undefined) },
  ],
  defaultTemplateId: "default",
};
