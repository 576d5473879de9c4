import type { Language, Namespace } from "~/i18n";
import { en } from "./en";
import { es } from "./es";
import { ptBR, type Resources } from "./pt-BR";

// Every language's texts, on the server only: a page ships just its own
// language (root loader), so the bundle does not carry all three.
export const RESOURCES: Record<Language, Resources> = { "pt-BR": ptBR, en, es };

// The namespace list in i18n.ts and the resource groups must agree.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namespacesMatch: Exact<Namespace, keyof Resources> = true;
void namespacesMatch;
