import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AdminArticle, ArticleFields } from '@vitalia/api/education.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { flashState } from '../../../lib/flash-message';
import { paths } from '../../../lib/paths';
import { useDeleteArticle } from '../api/delete-article.mutation';
import { useSetPublished } from '../api/publish-article.mutation';
import { useSaveArticle } from '../api/save-article.mutation';
import { valuesOf, type ArticleForm } from './article-form';
import { placeSaveProblems } from './article-save-problems';
import { noticeOf, type EditorNoticeState, type Notice } from './editor-notice';

/**
 * What the editor's buttons do: save, publish, unpublish and delete, and what each then says:
 * a notice, a failure above the form, problems beside their fields. `leavingOnPurpose` is set
 * when an action moves on by itself, so the unsaved-changes guard lets it go.
 */
export function useArticleEditorActions(article: AdminArticle | null, form: ArticleForm) {
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveArticle();
  const publishing = useSetPublished();
  const remove = useDeleteArticle();
  const [failure, setFailure] = useState<string | null>(null);
  // A first save moves to the article's own address and says so here, in this one snackbar.
  const [notice, setNotice] = useState<Notice | null>(() => noticeOf(location.state));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | undefined>(undefined);
  const leavingOnPurpose = useRef(false);
  const { reset, setError } = form;
  const isDirty = form.formState.isDirty;

  /** Saves when there is something to save; answers the article as saved, or null on failure. */
  const saveIfNeeded = async (fields: ArticleFields): Promise<AdminArticle | null> => {
    if (article && !isDirty) return article;
    try {
      const saved = await save.mutateAsync({ id: article?.id, request: fields });
      reset(valuesOf(saved));
      return saved;
    } catch (error) {
      setFailure(
        placeSaveProblems(error, (field, message) =>
          setError(field, { message }, { shouldFocus: true }),
        ),
      );
      return null;
    }
  };

  const afterFirstSave = (saved: AdminArticle, message: string, warning = false) => {
    leavingOnPurpose.current = true;
    navigate(paths.editArticle(saved.id), {
      replace: true,
      state: { editorNotice: message, warning } satisfies EditorNoticeState,
    });
  };

  const onSave = async (fields: ArticleFields) => {
    setFailure(null);
    const saved = await saveIfNeeded(fields);
    if (!saved) return;
    if (!article) afterFirstSave(saved, 'The draft is saved. Readers see it once you publish it.');
    else setNotice({ message: 'Your changes are saved.', at: Date.now() });
  };

  const onPublish = async (fields: ArticleFields) => {
    setFailure(null);
    const saved = await saveIfNeeded(fields);
    if (!saved) return;
    try {
      await publishing.mutateAsync({ id: saved.id, publish: true });
    } catch (error) {
      // A new article is saved by now: move to it, or the next save would write a second one.
      if (!article) {
        afterFirstSave(
          saved,
          `The draft is saved, but it could not be published: ${apiErrorMessage(error)}`,
          true,
        );
      } else {
        setFailure(apiErrorMessage(error));
      }
      return;
    }
    const message = 'The article is published: readers can find it now.';
    if (!article) afterFirstSave(saved, message);
    else setNotice({ message, at: Date.now() });
  };

  const onUnpublish = async () => {
    if (!article) return;
    setFailure(null);
    try {
      await publishing.mutateAsync({ id: article.id, publish: false });
      setNotice({
        message: 'The article is a draft again: readers no longer see it.',
        at: Date.now(),
      });
    } catch (error) {
      setFailure(apiErrorMessage(error));
    }
  };

  const askToDelete = () => {
    setDeleteFailure(undefined);
    setConfirmDelete(true);
  };

  const onDelete = async () => {
    if (!article) return;
    setDeleteFailure(undefined);
    try {
      await remove.mutateAsync(article.id);
    } catch (error) {
      setDeleteFailure(apiErrorMessage(error));
      return;
    }
    leavingOnPurpose.current = true;
    setConfirmDelete(false);
    navigate(paths.educationAdmin, { state: flashState(`“${article.title}” is deleted.`) });
  };

  return {
    save,
    publishing,
    remove,
    failure,
    clearFailure: () => setFailure(null),
    notice,
    clearNotice: () => setNotice(null),
    confirmDelete,
    deleteFailure,
    askToDelete,
    cancelDelete: () => setConfirmDelete(false),
    leavingOnPurpose,
    onSave,
    onPublish,
    onUnpublish,
    onDelete,
  };
}
