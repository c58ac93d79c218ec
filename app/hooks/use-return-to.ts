// The signed-in page this visit of the landing page or sign-in form was sent from (its
// `redirectTo`), or null: sign-in links and the sign-in form carry it on.
import { useSearchParams } from "@remix-run/react";
import { RETURN_TO_PARAM, returnToPath } from "~/lib/return-to";

export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return returnToPath(params.get(RETURN_TO_PARAM));
}
