import { defineNamespace } from "./define";

export const errors = defineNamespace(
  {
    unauthenticated: "Você precisa entrar para continuar",
    forbiddenOrigin: "Origem da requisição não permitida",
    invalidBody: "Dados inválidos",
    notFound: "Não encontrado",
    banned: "Sua conta está suspensa",
    signInFailed: "Não foi possível entrar",
    methodNotAllowed: "Método não permitido",
  },
  {
    en: {
      unauthenticated: "You need to sign in to continue",
      forbiddenOrigin: "Request origin not allowed",
      invalidBody: "Invalid data",
      notFound: "Not found",
      banned: "Your account is suspended",
      signInFailed: "Could not sign in",
      methodNotAllowed: "Method not allowed",
    },
    es: {
      unauthenticated: "Necesitas iniciar sesión para continuar",
      forbiddenOrigin: "Origen de la solicitud no permitido",
      invalidBody: "Datos inválidos",
      notFound: "No encontrado",
      banned: "Tu cuenta está suspendida",
      signInFailed: "No se pudo iniciar sesión",
      methodNotAllowed: "Método no permitido",
    },
  }
);
