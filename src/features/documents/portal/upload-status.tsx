// What the upload form says while a file goes up and once it is in: a live region, so both are
// announced where the form is.
import { Trans, useLingui } from '@lingui/react/macro'
import * as styles from '@/components/ui/page.css'

export function UploadStatus({
  uploadingName,
  uploadedName,
}: {
  uploadingName: string | null
  uploadedName: string | null
}) {
  const { t } = useLingui()
  return (
    <div className={styles.uploadStatus} role="status">
      {uploadingName !== null && (
        <>
          <p className={styles.text}>
            <Trans>Uploading “{uploadingName}”...</Trans>
          </p>
          <progress className={styles.busyBar} aria-label={t`Upload in progress`} />
        </>
      )}
      {uploadedName !== null && (
        <p className={styles.text}>
          <Trans>“{uploadedName}” was uploaded and shared with the project team.</Trans>
        </p>
      )}
    </div>
  )
}
