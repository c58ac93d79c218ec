// Reads a posted form defensively: a body that is not a form, or a field that is not text, becomes
// an empty value instead of an exception, so bad input gets a 4xx answer, never a 500.
export type FormFields = (name: string) => string;

export async function readFormFields(request: Request): Promise<FormFields | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  return (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
}
