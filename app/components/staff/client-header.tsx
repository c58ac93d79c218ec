// The head of a client's pages in the console: back to all clients, who the client is, where they
// are, and the page's tabs (the programme, their own tasks, the messages, the files, the people).
import { Link } from "~/components/ui/router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NavTabs } from "~/components/ui/nav-tabs";
import {
  STAFF_PATH,
  staffClientFilesPath,
  staffClientMessagesPath,
  staffClientPath,
  staffClientPeoplePath,
  staffClientPlanPath,
} from "~/lib/paths";
import { useStamp } from "~/lib/reader-time";

export function ClientHeader({
  client,
  current,
}: {
  client: {
    userId: string;
    email: string;
    lastSignInAt: number | null;
    /** The agency's name for them, and their company ("" or absent: not given). */
    name?: string;
    company?: string;
  };
  current: string;
}) {
  const stamp = useStamp();
  const who = [client.name ? client.email : "", client.company ?? ""].filter(Boolean).join(" · ");
  const tabs = [
    { to: staffClientPath(client.userId), label: "Programme" },
    { to: staffClientPlanPath(client.userId), label: "Tasks" },
    { to: staffClientMessagesPath(client.userId), label: "Messages" },
    { to: staffClientFilesPath(client.userId), label: "Files" },
    { to: staffClientPeoplePath(client.userId), label: "People" },
  ];
  return (
    <div className="grid gap-3">
      <Button asChild variant="ghost" size="sm" className="-ml-3 justify-self-start">
        <Link to={STAFF_PATH}>
          <Icon name="arrow-left" />
          All clients
        </Link>
      </Button>
      <h1 className="break-all text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {client.name || client.email}
      </h1>
      {who ? <p className="break-all text-sm text-slate-700">{who}</p> : null}
      <p className="text-sm text-muted-foreground">
        {current} · last sign-in{" "}
        {client.lastSignInAt === null ? "never" : stamp(client.lastSignInAt)}
      </p>
      <NavTabs label="Client" tabs={tabs} className="border-b" />
    </div>
  );
}
