import { templateNameSchema, type PresentationRequest, type ProofTemplate, type TemplateRules } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '../../../components/ui/Dialog';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveTemplate } from '../../../lib/proof-templates';
import { toast } from '../../../lib/toast-store';

const saveFormSchema = z.object({
  name: templateNameSchema,
  description: z.string().trim().max(1_000, 'Use at most 1,000 characters'),
  as: z.enum(['version', 'new']),
});
type SaveFormValues = z.infer<typeof saveFormSchema>;

interface SaveTemplateDialogProps {
  /** The builder's request, checked; null while the dialog is closed. */
  request: PresentationRequest | null;
  /** Its relative rules ("at least N years old", "not revoked now"), kept so the template asks for the day it is used. */
  rules: TemplateRules;
  /** The template the builder was filled from, if any: saving may make a new version of it. */
  startedFrom: ProofTemplate | undefined;
  suggestedName: string;
  onSaved: (saved: ProofTemplate) => void;
  onClose: () => void;
}

/** "Save as template…": the builder's request under a name, as a new template or a new version of the one it came from. */
export function SaveTemplateDialog({ request, rules, startedFrom, suggestedName, onSaved, onClose }: SaveTemplateDialogProps) {
  return (
    <Dialog open={request !== null} title="Save as a template" onClose={onClose}>
      {request && (
        <SaveTemplateForm request={request} rules={rules} startedFrom={startedFrom} suggestedName={suggestedName} onSaved={onSaved} onClose={onClose} />
      )}
    </Dialog>
  );
}

function SaveTemplateForm({ request, rules, startedFrom, suggestedName, onSaved, onClose }: SaveTemplateDialogProps & { request: PresentationRequest }) {
  const save = useSaveTemplate();
  const form = useForm<SaveFormValues>({
    resolver: zodResolver(saveFormSchema),
    defaultValues: { name: startedFrom?.name ?? suggestedName, description: startedFrom?.description ?? '', as: startedFrom ? 'version' : 'new' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const submit = handleSubmit(({ name, description, as }) => {
    const body = { name, description, presentation_request: request, rules };
    save.mutate(as === 'version' && startedFrom ? { id: startedFrom.id, body: { ...body, version: startedFrom.version } } : { body }, {
      onSuccess: (saved) => {
        toast.success(`Template “${saved.name}” saved${saved.version > 1 ? ` as version ${saved.version}` : ''}`);
        onSaved(saved);
      },
      onError: (error) => applyServerErrors(error, setError, (path) => (path === 'name' || path === 'description' ? path : '')),
    });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <p>Saved templates are shared with every verifier. Whom the request goes to and the options are not part of it.</p>
      {startedFrom && (
        <fieldset>
          <legend>Save</legend>
          <label className="check">
            <input type="radio" value="version" {...register('as')} /> As version {startedFrom.version + 1} of “{startedFrom.name}”
          </label>
          <label className="check">
            <input type="radio" value="new" {...register('as')} /> As a new template
          </label>
        </fieldset>
      )}
      <div className="field">
        <label htmlFor="template-name">Template name</label>
        <input
          id="template-name"
          autoComplete="off"
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? 'template-name-error' : undefined}
          {...register('name')}
        />
        {errors.name && (
          <p id="template-name-error" className="field-error">
            {errors.name.message}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="template-description">Description (optional)</label>
        <textarea
          id="template-description"
          rows={2}
          aria-invalid={!!errors.description}
          aria-describedby={errors.description ? 'template-description-error' : undefined}
          {...register('description')}
        />
        {errors.description && (
          <p id="template-description-error" className="field-error">
            {errors.description.message}
          </p>
        )}
      </div>
      {errors.root && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save template'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
