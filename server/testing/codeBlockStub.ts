// Jest maps @react-email/code-block here (jest.config.ts). @react-email/components, which the mails import from,
// re-exports it, and loading it registers every one of Prism's languages: about a second of each server test
// file, for a component no mail uses. Should a mail use CodeBlock, this says what to undo.
export function CodeBlock(): never {
  throw new Error(
    'CodeBlock is stubbed out in jest (server/testing/codeBlockStub.ts): remove its mapping in jest.config.ts.',
  );
}
