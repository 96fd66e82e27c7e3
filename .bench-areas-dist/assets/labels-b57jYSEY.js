var e={weekly:{id:`4XSc4l`},monthly:{id:`+8Nek/`},quarterly:{id:`kCxe8K`},milestone:{id:`4YHrmD`},final:{id:`SJuq4U`},ad_hoc:{id:`/6P67y`}};export{e as t};
//# sourceMappingURL=labels-b57jYSEY.js.map