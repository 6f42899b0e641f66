// What the editor does with a save the server refused, in one place. It still decides by the
// messages' text: a 409 whose message starts with 'slug:' is a taken address, and a 400's
// messages that start with a field's wire name ('sources.1.url: ...') go beside that field. Kept
// apart so that switching to the problems' codes (lib/server-message.ts) changes this file only.
import type { FieldPath } from 'react-hook-form';
import { isAxiosError } from 'axios';
import { apiErrorMessage } from '../../../lib/api-client';
import { placeFieldProblems } from '../../../lib/server-message';
import type { ArticleFormValues } from './article-form';

// The fields a server message may name ("sources.1.url: ..."), as the form calls them.
const formField = /^(title|slug|summary|body|coverImage|tags|sources\.\d+\.(?:name|url))$/;

function formFieldOf(wire: string): FieldPath<ArticleFormValues> | null {
  const field = wire.replace(/^tags\.\d+$/, 'tags');
  return formField.test(field) ? (field as FieldPath<ArticleFormValues>) : null;
}

/** Puts a field's problem beside it (react-hook-form's setError, moving focus there). */
export type PlaceProblem = (field: FieldPath<ArticleFormValues>, message: string) => void;

/**
 * Places each problem of a refused save beside its field through `place`, and answers what is
 * left to say above the form: null when every problem found its field.
 */
export function placeSaveProblems(error: unknown, place: PlaceProblem): string | null {
  // A slug another article has is a conflict (409), not a 400, but it still belongs by the field.
  if (isAxiosError(error) && error.response?.status === 409) {
    const message = apiErrorMessage(error);
    if (message.startsWith('slug:')) {
      place('slug', 'is used by another article; choose another address');
      return null;
    }
  }
  return placeFieldProblems(error, ({ field, message }) => {
    const name = formFieldOf(field);
    if (!name) return false;
    place(name, message);
    return true;
  });
}
