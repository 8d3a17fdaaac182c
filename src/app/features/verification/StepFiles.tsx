import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { MAX_STEP_FILES } from '../../../../machines/verificationFlow.machine.ts';
import { type ProviderStepType, verificationEndpoints } from '../../../contract/verification.ts';
import { uploadCall } from '../../api/upload.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { FileUpload } from '../../ui/FileUpload.tsx';
import { Section } from '../../ui/Section.tsx';
import type { FlowStepProps } from './verificationFlow.ts';

/**
 * A provider step's files: while `adding`, the upload view (ui/FileUpload.tsx) sends one file to
 * `POST /verification/provider/{type}/files` and its answer joins the machine's list; then the
 * list, with "Add another file" (at most 5), Remove, and "Send for review" as the main action.
 */
export function StepFiles({ snapshot, actor, type, onBack }: FlowStepProps & { type: ProviderStepType }) {
  const { files } = snapshot.context;
  if (snapshot.hasTag('adding')) {
    return (
      <FileUpload
        key={files.length}
        upload={async (file, { signal, onProgress }) => {
          const form = new FormData();
          form.append('file', file);
          const answer = await uploadCall(verificationEndpoints.uploadProviderFile, {
            params: { type },
            form,
            signal,
            onProgress,
          });
          actor.send({ type: 'file.add', file: { id: answer.id, name: answer.name } });
          return answer;
        }}
        onUploaded={() => {}}
        back={files.length > 0 ? () => actor.send({ type: 'files.list' }) : onBack}
      />
    );
  }
  return <FileList snapshot={snapshot} actor={actor} onBack={onBack} />;
}

function FileList({ snapshot, actor, onBack }: FlowStepProps) {
  const { t } = useLingui();
  const { files } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  useScreenActions({
    main: { label: t`Send for review`, busy, onPress: () => actor.send({ type: 'documents.submit' }) },
    secondary: null,
    back: onBack,
  });
  return (
    <>
      <Section header={t`Files`} footer={<Plural value={MAX_STEP_FILES} one="Up to # file" other="Up to # files" />}>
        {files.map((file) => (
          <div className="verification-file" key={file.id}>
            <Cell title={file.name} names />
            <Button
              variant="plain"
              disabled={busy}
              aria-label={t`Remove ${file.name}`}
              onClick={() => actor.send({ type: 'file.remove', id: file.id })}
            >
              <Trans>Remove</Trans>
            </Button>
          </div>
        ))}
      </Section>
      {files.length < MAX_STEP_FILES ? (
        <Button variant="secondary" stretched disabled={busy} onClick={() => actor.send({ type: 'files.more' })}>
          <Trans>Add another file</Trans>
        </Button>
      ) : null}
    </>
  );
}
