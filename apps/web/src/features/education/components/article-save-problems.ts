// What the editor does with a save the server refused, in one place: each problem of the answer's
// `details` goes beside the field it names ('sources.1.url'), and a taken address (the code
// SLUG_TAKEN, a 409) gets the editor's own words (lib/server-message.ts).
import type { FieldPath } from 'react-hook-form';
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
  return placeFieldProblems(error, ({ field, message, code }) => {
    const name = formFieldOf(field);
    if (!name) return false;
    place(
      name,
      code === 'SLUG_TAKEN' ? 'is used by another article; choose another address' : message,
    );
    return true;
  });
}
