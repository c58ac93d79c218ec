// A form's answer for a script that posted it itself (an upload followed byte by byte): a redirect
// becomes `{ location }` with its cookies (the next page's toast), a refusal its answer as JSON.
import type { FormErrorAnswer } from "~/forms/answer.server";

export async function scriptAnswer(answer: Response | FormErrorAnswer): Promise<Response> {
  if (!(answer instanceof Response)) {
    return Response.json(answer.data, { status: answer.init?.status ?? 400 });
  }
  const location = answer.headers.get("Location");
  const headers = new Headers(answer.headers);
  headers.delete("Location");
  return Response.json({ location }, { status: 200, headers });
}
