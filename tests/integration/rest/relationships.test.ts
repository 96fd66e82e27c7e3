// Many-to-many embeds through a junction, relationships of views (a view inherits the keys of the
// table columns it passes on) and to-many spreads, as PostgREST 13 answers them, with row-level
// security applying inside every embed (the views are security_invoker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../support/server'
import { startRestBed, userA, type RestBed } from './support/fixture'

const schema = `
-- A table outside the API, exposed only through a view.
create schema rt_private;
create table rt_private.rt_studios (id integer primary key, name text not null);
create table public.rt_actors (id integer primary key, name text not null);
create table public.rt_films (
  id integer primary key,
  title text not null,
  year integer,
  restricted boolean not null default false,
  owner_id uuid,
  studio_id integer references rt_private.rt_studios (id)
);
create table public.rt_roles (
  actor_id integer references public.rt_actors (id),
  film_id integer references public.rt_films (id),
  character text,
  hidden boolean not null default false,
  primary key (actor_id, film_id)
);
-- Two junctions between teams and players, and a table with keys to both that is no junction.
create table public.rt_teams (id integer primary key, name text not null);
create table public.rt_players (id integer primary key, name text not null);
create table public.rt_squads (
  team_id integer references public.rt_teams (id),
  player_id integer references public.rt_players (id),
  primary key (team_id, player_id)
);
create table public.rt_trials (
  team_id integer references public.rt_teams (id),
  player_id integer references public.rt_players (id),
  day date,
  primary key (team_id, player_id, day)
);
create table public.rt_loans (
  id integer primary key,
  team_id integer references public.rt_teams (id),
  player_id integer references public.rt_players (id)
);

create view public.rt_film_list with (security_invoker = true) as
  select id as film_id, title, year from public.rt_films;
create view public.rt_recent_films with (security_invoker = true) as
  select * from public.rt_film_list where year > 2000;
create view public.rt_actor_names with (security_invoker = true) as select id, name from public.rt_actors;
create view public.rt_cast_list with (security_invoker = true) as
  select actor_id as who, character from public.rt_roles;
create view public.rt_studio_list with (security_invoker = true) as select id, name from rt_private.rt_studios;
-- A key column that is computed is no longer the key: no relationship.
create view public.rt_film_years with (security_invoker = true) as select id + 0 as id, year from public.rt_films;

grant select on public.rt_actors, public.rt_films, public.rt_roles, public.rt_teams, public.rt_players,
  public.rt_squads, public.rt_trials, public.rt_loans, public.rt_film_list, public.rt_recent_films,
  public.rt_actor_names, public.rt_cast_list, public.rt_film_years, public.rt_studio_list to anon, authenticated;
grant usage on schema rt_private to anon, authenticated;
grant select on rt_private.rt_studios to anon, authenticated;

alter table public.rt_actors enable row level security;
create policy rt_actors_read on public.rt_actors for select to anon, authenticated using (true);
alter table public.rt_films enable row level security;
create policy rt_films_read on public.rt_films for select to anon, authenticated
  using (not restricted or owner_id = (select auth.uid()));
alter table public.rt_roles enable row level security;
create policy rt_roles_read on public.rt_roles for select to anon, authenticated
  using (not hidden or (select auth.uid()) is not null);

insert into public.rt_actors values (1, 'Ana'), (2, 'Bruno'), (3, 'Carla');
insert into rt_private.rt_studios values (1, 'Norte');
insert into public.rt_films values
  (1, 'Alpha', 1999, false, null, 1), (2, 'Beta', 2005, false, null, null),
  (3, 'Gamma', 2010, true, '${userA}', 1), (4, 'Delta', 2020, false, null, null);
insert into public.rt_roles values
  (1, 1, 'Hero', false), (1, 2, 'Villain', false), (1, 3, 'Cameo', false),
  (2, 2, null, false), (2, 1, 'Extra', true);
insert into public.rt_teams values (1, 'Reds');
insert into public.rt_players values (1, 'Pia'), (2, 'Quim');
insert into public.rt_squads values (1, 1);
insert into public.rt_trials values (1, 2, '2026-01-01');
insert into public.rt_loans values (1, 1, 2);
`

describeEachDatabase('REST many-to-many, views and to-many spreads on %s', (kind) => {
  let bed: RestBed

  beforeAll(async () => {
    bed = await startRestBed(kind, { REST_DB_AGGREGATES_ENABLED: 'true' })
    await bed.server.deps.db.exec(schema)
  })
  afterAll(() => bed.close())

  describe('many-to-many through a junction', () => {
    it('embeds the other side as an array per row, both ways, with aliases and hints', async () => {
      const { data, error } = await bed.anon
        .from('rt_actors')
        .select('*, rt_films(title)')
        .order('id')
        .order('id', { referencedTable: 'rt_films' })
      expect(error).toBeNull()
      expect(data).toEqual([
        { id: 1, name: 'Ana', rt_films: [{ title: 'Alpha' }, { title: 'Beta' }] },
        { id: 2, name: 'Bruno', rt_films: [{ title: 'Beta' }] },
        { id: 3, name: 'Carla', rt_films: [] },
      ])
      const reverse = await bed.anon
        .from('rt_films')
        .select('title, cast:rt_actors(name)')
        .order('id')
        .order('name', { referencedTable: 'cast' })
      expect(reverse.data).toEqual([
        { title: 'Alpha', cast: [{ name: 'Ana' }] },
        { title: 'Beta', cast: [{ name: 'Ana' }, { name: 'Bruno' }] },
        { title: 'Delta', cast: [] },
      ])
      const hinted = await bed.anon.from('rt_actors').select('name, rt_films!rt_roles(title)').eq('id', 2).single()
      expect(hinted.data).toEqual({ name: 'Bruno', rt_films: [{ title: 'Beta' }] })
    })

    it('filters, orders and limits the embedded rows, and !inner drops rows without a match', async () => {
      const filtered = await bed.anon
        .from('rt_actors')
        .select('name, rt_films(title, year)')
        .gt('rt_films.year', 2000)
        .order('id')
        .order('year', { referencedTable: 'rt_films', ascending: false })
        .limit(1, { referencedTable: 'rt_films' })
      expect(filtered.data).toEqual([
        { name: 'Ana', rt_films: [{ title: 'Beta', year: 2005 }] },
        { name: 'Bruno', rt_films: [{ title: 'Beta', year: 2005 }] },
        { name: 'Carla', rt_films: [] },
      ])
      const inner = await bed.anon
        .from('rt_actors')
        .select('name, rt_films!inner(title)', { count: 'exact' })
        .eq('rt_films.title', 'Alpha')
      expect(inner.data).toEqual([{ name: 'Ana', rt_films: [{ title: 'Alpha' }] }])
      expect(inner.count).toBe(1)
      const without = await bed.anon.from('rt_actors').select('name, rt_films(title)').is('rt_films', null)
      expect(without.data).toEqual([{ name: 'Carla', rt_films: [] }])
    })

    it('applies row-level security to the target and to the junction', async () => {
      // Anon: Gamma is restricted to its owner, and Bruno's role in Alpha is hidden.
      const read = (client: typeof bed.anon) =>
        client.from('rt_actors').select('name, rt_films(title)').in('id', [1, 2]).order('id').order('id', {
          referencedTable: 'rt_films',
        })
      expect((await read(bed.anon)).data).toEqual([
        { name: 'Ana', rt_films: [{ title: 'Alpha' }, { title: 'Beta' }] },
        { name: 'Bruno', rt_films: [{ title: 'Beta' }] },
      ])
      expect((await read(bed.alice)).data).toEqual([
        { name: 'Ana', rt_films: [{ title: 'Alpha' }, { title: 'Beta' }, { title: 'Gamma' }] },
        { name: 'Bruno', rt_films: [{ title: 'Alpha' }, { title: 'Beta' }] },
      ])
      expect((await read(bed.bob)).data).toEqual([
        { name: 'Ana', rt_films: [{ title: 'Alpha' }, { title: 'Beta' }] },
        { name: 'Bruno', rt_films: [{ title: 'Alpha' }, { title: 'Beta' }] },
      ])
      // Filtering on the hidden film finds nothing rather than revealing it.
      const probe = await bed.anon.from('rt_actors').select('name, rt_films!inner(id)').eq('rt_films.id', 3)
      expect(probe.data).toEqual([])
    })

    it('answers 300 PGRST201 when several junctions fit, and the junction as hint chooses', async () => {
      const ambiguous = await bed.anon.from('rt_teams').select('name, rt_players(name)')
      expect(ambiguous.status).toBe(300)
      expect(ambiguous.error).toEqual({
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'rt_teams' and 'rt_players'",
        details: [
          {
            cardinality: 'many-to-many',
            embedding: 'rt_teams with rt_players',
            relationship: 'rt_squads using rt_squads_team_id_fkey(team_id) and rt_squads_player_id_fkey(player_id)',
          },
          {
            cardinality: 'many-to-many',
            embedding: 'rt_teams with rt_players',
            relationship: 'rt_trials using rt_trials_team_id_fkey(team_id) and rt_trials_player_id_fkey(player_id)',
          },
        ],
        hint: "Try changing 'rt_players' to one of the following: 'rt_players!rt_squads', 'rt_players!rt_trials'. Find the desired relationship in the 'details' key.",
      })
      const squads = await bed.anon.from('rt_teams').select('name, rt_players!rt_squads(name)').single()
      expect(squads.data).toEqual({ name: 'Reds', rt_players: [{ name: 'Pia' }] })
      const trials = await bed.anon.from('rt_teams').select('name, rt_players!rt_trials(name)').single()
      expect(trials.data).toEqual({ name: 'Reds', rt_players: [{ name: 'Quim' }] })
    })

    it('answers 400 PGRST200 for a table whose keys are not in its primary key, or an unknown hint', async () => {
      const loans = await bed.anon.from('rt_teams').select('name, rt_players!rt_loans(name)')
      expect(loans.status).toBe(400)
      expect(loans.error).toEqual({
        code: 'PGRST200',
        message: "Could not find a relationship between 'rt_teams' and 'rt_players' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'rt_teams' and 'rt_players' using the hint 'rt_loans' in the schema 'public', but no matches were found.",
        hint: null,
      })
      // A constraint name only names a direct relationship, never a many-to-many one.
      const byConstraint = await bed.anon.from('rt_actors').select('name, rt_films!rt_roles_film_id_fkey(title)')
      expect(byConstraint.error).toMatchObject({ code: 'PGRST200' })
      // An unknown column of the target is named by the table, as PostgREST's join leaves it unaliased.
      const column = await bed.anon.from('rt_actors').select('name, rt_films(nope)')
      expect(column.status).toBe(400)
      expect(column.error).toMatchObject({ code: '42703', message: 'column rt_films.nope does not exist' })
    })
  })

  describe('relationships of views', () => {
    it('embeds a view from a table and a table from a view, following renamed key columns', async () => {
      const toView = await bed.anon
        .from('rt_roles')
        .select('character, rt_film_list(title)')
        .eq('actor_id', 1)
        .order('film_id')
      expect(toView.data).toEqual([
        { character: 'Hero', rt_film_list: { title: 'Alpha' } },
        { character: 'Villain', rt_film_list: { title: 'Beta' } },
        // The view runs as the caller: the restricted film is not there.
        { character: 'Cameo', rt_film_list: null },
      ])
      const fromView = await bed.anon
        .from('rt_film_list')
        .select('title, rt_roles(character)')
        .order('film_id')
        .order('actor_id', { referencedTable: 'rt_roles' })
      expect(fromView.data).toEqual([
        { title: 'Alpha', rt_roles: [{ character: 'Hero' }] },
        { title: 'Beta', rt_roles: [{ character: 'Villain' }, { character: null }] },
        { title: 'Delta', rt_roles: [] },
      ])
    })

    it('embeds view to view, through a view over a view, and many-to-many through a table', async () => {
      const viewToView = await bed.anon
        .from('rt_cast_list')
        .select('character, who, rt_actor_names(name)')
        .eq('character', 'Villain')
      expect(viewToView.data).toEqual([{ character: 'Villain', who: 1, rt_actor_names: { name: 'Ana' } }])
      const reverse = await bed.anon
        .from('rt_actor_names')
        .select('name, rt_cast_list(character)')
        .eq('id', 1)
        .order('character', { referencedTable: 'rt_cast_list' })
        .single()
      expect(reverse.data).toEqual({
        name: 'Ana',
        rt_cast_list: [{ character: 'Cameo' }, { character: 'Hero' }, { character: 'Villain' }],
      })
      const nested = await bed.anon
        .from('rt_recent_films')
        .select('title, rt_roles(actor_id)')
        .order('film_id')
        .order('actor_id', { referencedTable: 'rt_roles' })
      expect(nested.data).toEqual([
        { title: 'Beta', rt_roles: [{ actor_id: 1 }, { actor_id: 2 }] },
        { title: 'Delta', rt_roles: [] },
      ])
      const manyToMany = await bed.anon
        .from('rt_actor_names')
        .select('name, rt_film_list(title)')
        .order('id')
        .order('film_id', { referencedTable: 'rt_film_list' })
      expect(manyToMany.data).toEqual([
        { name: 'Ana', rt_film_list: [{ title: 'Alpha' }, { title: 'Beta' }] },
        { name: 'Bruno', rt_film_list: [{ title: 'Beta' }] },
        { name: 'Carla', rt_film_list: [] },
      ])
      const signedIn = await bed.alice.from('rt_actor_names').select('name, rt_film_list(title)').eq('id', 1)
      expect(signedIn.data?.[0]?.rt_film_list).toHaveLength(3)
    })

    it('relates a table to a view over a table of another schema', async () => {
      const toView = await bed.anon.from('rt_films').select('title, rt_studio_list(name)').in('id', [1, 2]).order('id')
      expect(toView.data).toEqual([
        { title: 'Alpha', rt_studio_list: { name: 'Norte' } },
        { title: 'Beta', rt_studio_list: null },
      ])
      const fromView = await bed.anon
        .from('rt_studio_list')
        .select('name, rt_films(title)')
        .order('id', { referencedTable: 'rt_films' })
      expect(fromView.data).toEqual([{ name: 'Norte', rt_films: [{ title: 'Alpha' }] }])
    })

    it('finds no relationship through a computed column', async () => {
      const computed = await bed.anon.from('rt_film_years').select('year, rt_roles(character)')
      expect(computed.status).toBe(400)
      expect(computed.error).toMatchObject({
        code: 'PGRST200',
        message: "Could not find a relationship between 'rt_film_years' and 'rt_roles' in the schema cache",
      })
    })
  })

  describe('to-many spreads', () => {
    it('spreads each column as an array of the embedded rows, in their order', async () => {
      const { data, error } = await bed.anon
        .from('rt_actors')
        .select('name, ...rt_films(title, released:year)')
        .order('id')
        .order('year', { referencedTable: 'rt_films', ascending: false })
      expect(error).toBeNull()
      expect(data).toEqual([
        { name: 'Ana', title: ['Beta', 'Alpha'], released: [2005, 1999] },
        { name: 'Bruno', title: ['Beta'], released: [2005] },
        { name: 'Carla', title: [], released: [] },
      ])
      const oneToMany = await bed.anon
        .from('rt_films')
        .select('title, ...rt_roles(character)')
        .eq('id', 2)
        .order('actor_id', { referencedTable: 'rt_roles' })
        .single()
      // A row whose value is null gives a null element.
      expect(oneToMany.data).toEqual({ title: 'Beta', character: ['Villain', null] })
    })

    it('nests to-one spreads and embeds inside, with row-level security deciding each row', async () => {
      const { data } = await bed.anon
        .from('rt_actors')
        .select('name, ...rt_roles(character, ...rt_films(title), film:rt_films(year))')
        .order('id')
        .order('film_id', { referencedTable: 'rt_roles' })
      expect(data).toEqual([
        {
          name: 'Ana',
          character: ['Hero', 'Villain', 'Cameo'],
          title: ['Alpha', 'Beta', null],
          film: [{ year: 1999 }, { year: 2005 }, null],
        },
        { name: 'Bruno', character: [null], title: ['Beta'], film: [{ year: 2005 }] },
        { name: 'Carla', character: [], title: [], film: [] },
      ])
      const alice = await bed.alice
        .from('rt_actors')
        .select('name, ...rt_films(title)')
        .eq('id', 1)
        .order('id', { referencedTable: 'rt_films' })
        .single()
      expect(alice.data).toEqual({ name: 'Ana', title: ['Alpha', 'Beta', 'Gamma'] })
    })

    it('drops rows without a match with !inner or rel=not.is.null, and spreads nothing when empty', async () => {
      const inner = await bed.anon.from('rt_actors').select('name, ...rt_films!inner(title)').order('id')
      expect(inner.data?.map((row) => row.name)).toEqual(['Ana', 'Bruno'])
      const notNull = await bed.anon
        .from('rt_actors')
        .select('name, ...rt_films(title)')
        .not('rt_films', 'is', null)
        .order('id')
      expect(notNull.data?.map((row) => row.name)).toEqual(['Ana', 'Bruno'])
      const none = await bed.anon.from('rt_actors').select('name, ...rt_films(title)').is('rt_films', null)
      expect(none.data).toEqual([{ name: 'Carla', title: [] }])
      const empty = await bed.anon.from('rt_actors').select('name, ...rt_films()').order('id').limit(1)
      expect(empty.data).toEqual([{ name: 'Ana' }])
    })

    it('answers 400 PGRST127 for aggregates in a to-many spread, also through a to-one spread', async () => {
      const refused = {
        code: 'PGRST127',
        message: 'Feature not implemented',
        details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        hint: null,
      }
      for (const select of [
        'name, ...rt_films(year.sum())',
        'name, ...rt_films(count())',
        'name, ...rt_roles(character, ...rt_films(year.max()))',
      ]) {
        const response = await bed.anon.from('rt_actors').select(select)
        expect(response.status, select).toBe(400)
        expect(response.error, select).toEqual(refused)
      }
      // An embed inside the spread aggregates its own rows.
      const inside = await bed.anon
        .from('rt_actors')
        .select('name, ...rt_films(title, rt_roles(count()))')
        .eq('id', 1)
        .order('id', { referencedTable: 'rt_films' })
        .single()
      expect(inside.data).toEqual({ name: 'Ana', title: ['Alpha', 'Beta'], rt_roles: [[{ count: 1 }], [{ count: 2 }]] })
    })
  })
})
