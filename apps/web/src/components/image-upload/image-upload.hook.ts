import { useRef, useState } from 'react';
import { useChosenImage } from '../../lib/chosen-image.hook';
import { imageProblem, type ImageLimits, type ImageNoun } from './image-limits';

/** What the field says under its buttons: the upload went through, or why a file cannot go. */
export type ImageUploadOutcome = { kind: 'uploaded' } | { kind: 'failed'; message: string };

/**
 * The state behind an ImageUploadField: the file chosen (with its preview address), checked
 * against the contract's limits as it is chosen, and what to say about it. The screen sends the
 * file itself, when it suits it (at once, or with the rest of a form), and reports back through
 * `setOutcome`.
 */
export function useImageUpload(limits: ImageLimits, noun: ImageNoun) {
  const [outcome, setOutcome] = useState<ImageUploadOutcome | null>(null);
  const { chosen, choose, clear } = useChosenImage(
    (file) => imageProblem(file, limits, noun),
    // A usable file clears what was said about the one before it.
    (problem) => setOutcome(problem ? { kind: 'failed', message: problem } : null),
  );
  const fileInput = useRef<HTMLInputElement>(null);
  return {
    limits,
    chosen,
    outcome,
    setOutcome,
    /** Drops the chosen file; what was said about it stays. */
    clear,
    /** Reads the file input's choice. */
    choose,
    fileInput,
    /** Opens the browser's file chooser. */
    open: () => fileInput.current?.click(),
  };
}

export type ImageUpload = ReturnType<typeof useImageUpload>;
