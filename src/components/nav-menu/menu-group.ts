// Keeps the header's dropdowns in step: only one is open at a time, and navigation closes all.
import type { ActorRefFrom } from 'xstate'
import type { menuMachine } from '@machines/menu.machine'

type MenuActor = ActorRefFrom<typeof menuMachine>

export class MenuGroup {
  private readonly menus = new Map<string, MenuActor>()

  register(id: string, actor: MenuActor): () => void {
    this.menus.set(id, actor)
    const subscription = actor.on('menu.opened', () => this.closeAll(id))
    return () => {
      subscription.unsubscribe()
      this.menus.delete(id)
    }
  }

  closeAll(exceptId?: string): void {
    for (const [id, actor] of this.menus) {
      if (id !== exceptId) actor.send({ type: 'menu.close' })
    }
  }
}
