// The file of the client's upload form, chosen with the picker or dropped onto the form: taken
// only if the bucket would accept it (otherwise the reason, and the input cleared), one at a time,
// and asked for when the form is sent without one. The form's other fields are react-hook-form's.
import { useRef, useState, type DragEvent } from 'react'
import { checkFile, UploadError, type UploadFailure } from '@/lib/storage/files'

/** Why there is no file to send: none chosen, one refused (its reason), or several dropped at once. */
export type FileProblem = 'missing' | 'several' | UploadFailure

const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/** `onChange`: another file was chosen or dropped (what the last upload said no longer stands). */
export function useFileChoice(onChange: () => void) {
  const inputRef = useRef<HTMLInputElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [fileName, setFileName] = useState<string | null>(null)
  const [problem, setProblem] = useState<FileProblem | null>(null)
  const [dragging, setDragging] = useState(false)

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = ''
    setFileName(null)
  }

  /** Takes a chosen or dropped file if the bucket would accept it; otherwise says why and clears it. */
  const choose = (file: File | undefined) => {
    onChange()
    if (!file) {
      setProblem(null)
      setFileName(null)
      return
    }
    try {
      checkFile(file)
      setProblem(null)
      setFileName(file.name)
    } catch (failure) {
      clearInput()
      setProblem(failure instanceof UploadError ? failure.kind : 'unknown')
    }
  }

  const drop = (event: DragEvent<HTMLFormElement>) => {
    if (!isFileDrag(event)) return
    event.preventDefault()
    setDragging(false)
    const files = event.dataTransfer.files
    if (files.length > 1) {
      clearInput()
      onChange()
      setProblem('several')
      return
    }
    const file = files[0]
    if (file && inputRef.current) {
      // The dropped file becomes the input's, so the form goes on exactly as with the picker.
      const transfer = new DataTransfer()
      transfer.items.add(file)
      inputRef.current.files = transfer.files
    }
    choose(file)
    buttonRef.current?.focus()
  }

  /** The form's drag-and-drop handlers. */
  const dropZone = {
    onDragEnter: (event: DragEvent<HTMLFormElement>) => {
      if (isFileDrag(event)) setDragging(true)
    },
    onDragOver: (event: DragEvent<HTMLFormElement>) => {
      if (!isFileDrag(event)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'copy'
      setDragging(true)
    },
    onDragLeave: (event: DragEvent<HTMLFormElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop: drop,
  }

  /** The file to send, or none: then it is asked for and the file button takes the focus. */
  const requireFile = (): File | null => {
    const file = inputRef.current?.files?.[0] ?? null
    setProblem(file ? null : 'missing')
    if (!file) buttonRef.current?.focus()
    return file
  }

  return { inputRef, buttonRef, fileName, problem, dragging, dropZone, choose, requireFile, clear: clearInput }
}
